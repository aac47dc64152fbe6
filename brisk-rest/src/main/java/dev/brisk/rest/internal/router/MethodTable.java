package dev.brisk.rest.internal.router;

import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The routes that end at one path, by method; a handful of methods, so two parallel arrays. */
final class MethodTable<T> {

    private HttpMethod[] methods = new HttpMethod[0];
    private Object[] candidates = new Object[0];

    void add(HttpMethod method, T value) {
        for (int i = 0; i < methods.length; i++) {
            if (methods[i].equals(method)) {
                @SuppressWarnings("unchecked")
                List<T> list = new ArrayList<>((List<T>) candidates[i]);
                list.add(value);
                candidates[i] = List.copyOf(list);
                return;
            }
        }
        methods = Arrays.copyOf(methods, methods.length + 1);
        candidates = Arrays.copyOf(candidates, candidates.length + 1);
        methods[methods.length - 1] = method;
        candidates[candidates.length - 1] = List.of(value);
    }

    /** The candidates for {@code method}, or null. */
    @SuppressWarnings("unchecked")
    List<T> get(HttpMethod method) {
        HttpMethod[] methods = this.methods;
        for (int i = 0; i < methods.length; i++) {
            if (methods[i] == method) {
                return (List<T>) candidates[i];
            }
        }
        for (int i = 0; i < methods.length; i++) {
            if (methods[i].equals(method)) {
                return (List<T>) candidates[i];
            }
        }
        return null;
    }

    /** Every route of the table, all methods. */
    @SuppressWarnings("unchecked")
    List<T> all() {
        List<T> all = new ArrayList<>();
        for (Object list : candidates) {
            all.addAll((List<T>) list);
        }
        return all;
    }

    Set<HttpMethod> methods() {
        return new LinkedHashSet<>(Arrays.asList(methods));
    }

    boolean isEmpty() {
        return methods.length == 0;
    }
}
