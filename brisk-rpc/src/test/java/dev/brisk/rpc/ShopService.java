package dev.brisk.rpc;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A service the HTTP/JSON endpoint tests call over JSON and over RPC. */
public interface ShopService {

    record Item(String name, int quantity, List<String> tags) {
    }

    int add(int a, int b);

    int add(int a, int b, int c);

    String greet(String name);

    Item restock(Item item);

    List<Item> items(int count);

    CompletableFuture<String> later(String text);

    CompletableFuture<String> laterFailing(String text);

    String fail(String kind);

    String thread();

    String same(int value);

    String same(String value);

    void touch();

    @Timeout(millis = 300)
    String sleep(long millis);
}
