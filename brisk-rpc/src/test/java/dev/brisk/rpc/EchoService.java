package dev.brisk.rpc;

import dev.brisk.rpc.Model.Everything;
import dev.brisk.rpc.Model.InvalidInputException;
import dev.brisk.rpc.Model.OutOfStockException;
import dev.brisk.rpc.Model.Page;
import dev.brisk.rpc.Model.Role;
import dev.brisk.rpc.Model.User;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** A service with every shape of method the tests exercise. */
public interface EchoService {

    boolean flag(boolean value);

    byte aByte(byte value);

    short aShort(short value);

    char aChar(char value);

    int anInt(int value);

    long aLong(long value);

    float aFloat(float value);

    double aDouble(double value);

    Integer boxed(Integer value);

    Long boxedLong(Long value);

    String text(String value);

    byte[] bytes(byte[] value);

    int[] ints(int[] value);

    List<String> list(List<String> value);

    Set<Integer> set(Set<Integer> value);

    Map<String, List<Integer>> map(Map<String, List<Integer>> value);

    User user(User value);

    List<User> users(List<User> value);

    Page<User> page(Page<User> value);

    Role role(Role value);

    Everything everything(Everything value);

    <T> T identity(T value);

    void nothing();

    int sum0();

    int sum1(int a);

    long sum2(int a, long b);

    String sum3(String a, int b, long c);

    double sum4(double a, float b, short c, byte d);

    long sum5(int a, int b, int c, int d, int e);

    long sum6(int a, int b, int c, int d, int e, int f);

    long sum7(int a, int b, int c, int d, int e, int f, int g);

    long sum8(int a, int b, int c, int d, int e, int f, int g, long h);

    long sum9(int a, int b, int c, int d, int e, int f, int g, long h, Integer i);

    String sum10(int a, int b, int c, int d, int e, int f, int g, long h, Integer i, String j);

    String find(int id);

    String find(String name);

    String find(int id, String name);

    String find(long id);

    CompletableFuture<User> userAsync(long id);

    CompletionStage<String> textAsync(String value);

    CompletableFuture<Void> voidAsync();

    CompletableFuture<String> failAsync(String message) throws OutOfStockException;

    void outOfStock(String item) throws OutOfStockException;

    void opaque(int code);

    void illegal(String message);

    void declared(String message) throws InvalidInputException;

    int size(byte[] payload);

    byte[] payload(int size);

    default String greeting(String name) {
        return "hello " + text(name);
    }
}
