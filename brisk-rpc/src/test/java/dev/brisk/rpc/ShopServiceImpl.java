package dev.brisk.rpc;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

final class ShopServiceImpl implements ShopService {

    final AtomicInteger touched = new AtomicInteger();

    @Override public int add(int a, int b) { return a + b; }

    @Override public int add(int a, int b, int c) { return a + b + c; }

    @Override public String greet(String name) { return "hello " + name; }

    @Override public Item restock(Item item) { return new Item(item.name(), item.quantity() + 10, item.tags()); }

    @Override public List<Item> items(int count) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(new Item("item" + i, i, List.of("t" + i)));
        }
        return items;
    }

    @Override public CompletableFuture<String> later(String text) {
        return CompletableFuture.supplyAsync(() -> "later " + text, TestThreads.EXECUTOR);
    }

    @Override public CompletableFuture<String> laterFailing(String text) {
        return CompletableFuture.supplyAsync(() -> {
            throw new IllegalStateException("not now: " + text);
        }, TestThreads.EXECUTOR);
    }

    @Override public String fail(String kind) {
        switch (kind) {
            case "argument" -> throw new IllegalArgumentException("bad argument");
            case "missing" -> throw new NoSuchElementException("no such item");
            case "stock" -> throw new Model.OutOfStockException("sold out");
            default -> {
                return "no failure";
            }
        }
    }

    @Override public String thread() { return Thread.currentThread().getName(); }

    @Override public String same(int value) { return "int " + value; }

    @Override public String same(String value) { return "string " + value; }

    @Override public void touch() { touched.incrementAndGet(); }

    @Override public String sleep(long millis) {
        try {
            Thread.sleep(millis);
            return "slept";
        } catch (InterruptedException e) {
            return "interrupted";
        }
    }
}
