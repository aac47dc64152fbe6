package dev.brisk.rpc;

import dev.brisk.rpc.Model.Everything;
import dev.brisk.rpc.Model.InvalidInputException;
import dev.brisk.rpc.Model.OpaqueException;
import dev.brisk.rpc.Model.OutOfStockException;
import dev.brisk.rpc.Model.Page;
import dev.brisk.rpc.Model.Role;
import dev.brisk.rpc.Model.User;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Answers what it is given. */
class EchoServiceImpl implements EchoService {

    @Override public boolean flag(boolean value) { return value; }
    @Override public byte aByte(byte value) { return value; }
    @Override public short aShort(short value) { return value; }
    @Override public char aChar(char value) { return value; }
    @Override public int anInt(int value) { return value; }
    @Override public long aLong(long value) { return value; }
    @Override public float aFloat(float value) { return value; }
    @Override public double aDouble(double value) { return value; }
    @Override public Integer boxed(Integer value) { return value; }
    @Override public Long boxedLong(Long value) { return value; }
    @Override public String text(String value) { return value; }
    @Override public byte[] bytes(byte[] value) { return value; }
    @Override public int[] ints(int[] value) { return value; }
    @Override public List<String> list(List<String> value) { return value; }
    @Override public Set<Integer> set(Set<Integer> value) { return value; }
    @Override public Map<String, List<Integer>> map(Map<String, List<Integer>> value) { return value; }
    @Override public User user(User value) { return value; }
    @Override public List<User> users(List<User> value) { return value; }
    @Override public Page<User> page(Page<User> value) { return value; }
    @Override public Role role(Role value) { return value; }
    @Override public Everything everything(Everything value) { return value; }
    @Override public <T> T identity(T value) { return value; }
    @Override public void nothing() { }
    @Override public int sum0() { return 0; }
    @Override public int sum1(int a) { return a; }
    @Override public long sum2(int a, long b) { return a + b; }
    @Override public String sum3(String a, int b, long c) { return a + (b + c); }
    @Override public double sum4(double a, float b, short c, byte d) { return a + b + c + d; }
    @Override public long sum5(int a, int b, int c, int d, int e) { return a + b + c + d + e; }
    @Override public long sum6(int a, int b, int c, int d, int e, int f) { return a + b + c + d + e + f; }
    @Override public long sum7(int a, int b, int c, int d, int e, int f, int g) { return a + b + c + d + e + f + g; }
    @Override public long sum8(int a, int b, int c, int d, int e, int f, int g, long h) {
        return a + b + c + d + e + f + g + h;
    }
    @Override public long sum9(int a, int b, int c, int d, int e, int f, int g, long h, Integer i) {
        return a + b + c + d + e + f + g + h + i;
    }
    @Override public String sum10(int a, int b, int c, int d, int e, int f, int g, long h, Integer i, String j) {
        return j + (a + b + c + d + e + f + g + h + i);
    }
    @Override public String find(int id) { return "int " + id; }
    @Override public String find(String name) { return "String " + name; }
    @Override public String find(int id, String name) { return "int,String " + id + " " + name; }
    @Override public String find(long id) { return "long " + id; }
    @Override public CompletableFuture<User> userAsync(long id) {
        return CompletableFuture.supplyAsync(() -> new User(id, "async", Role.MEMBER, List.of()), TestThreads.EXECUTOR);
    }
    @Override public CompletionStage<String> textAsync(String value) {
        return CompletableFuture.completedFuture(value.toUpperCase(Locale.ROOT));
    }
    @Override public CompletableFuture<Void> voidAsync() { return CompletableFuture.completedFuture(null); }
    @Override public CompletableFuture<String> failAsync(String message) {
        return CompletableFuture.failedFuture(new OutOfStockException(message));
    }
    @Override public void outOfStock(String item) { throw new OutOfStockException("no more " + item); }
    @Override public void opaque(int code) { throw new OpaqueException(code); }
    @Override public void illegal(String message) { throw new IllegalArgumentException(message); }
    @Override public void declared(String message) throws InvalidInputException {
        throw new InvalidInputException(message);
    }
    @Override public int size(byte[] payload) { return payload.length; }
    @Override public byte[] payload(int size) { return new byte[size]; }
}
