package dev.brisk.rpc.trust;

import java.util.List;
import java.util.Map;
import java.util.Set;

final class TrustServiceImpl implements TrustService {

    @Override
    public String echo(String message) {
        return message;
    }

    @Override
    public Order order(Order order) {
        return order;
    }

    @Override
    public Parcel parcel(Parcel parcel) {
        return parcel;
    }

    @Override
    public Shape shape(String kind) {
        return kind.equals("square") ? new Square(2) : new Circle(1);
    }

    @Override
    public int size(int[] values) {
        return values.length;
    }

    @Override
    public int length(String text) {
        return text.length();
    }

    @Override
    public int count(List<String> items) {
        return items.size();
    }

    @Override
    public int entries(Map<String, String> entries) {
        return entries.size();
    }

    @Override
    public int distinct(Set<String> items) {
        return items.size();
    }

    @Override
    public void fail(String message) {
        throw new ProbeException(message);
    }

    @Override
    public void failDeclared(String message) {
        throw new DeclaredException(message);
    }
}
