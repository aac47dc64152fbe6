package dev.brisk.rpc.trust;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** What the trust tests call: a plain string, nested declared values, a polymorphic field, counted inputs. */
public interface TrustService {

    String echo(String message);

    Order order(Order order);

    Parcel parcel(Parcel parcel);

    /** A shape the server picks: a client reads it only when it allows the shape's class. */
    Shape shape(String kind);

    int size(int[] values);

    int length(String text);

    int count(List<String> items);

    int entries(Map<String, String> entries);

    int distinct(Set<String> items);

    /** Throws a {@link ProbeException}, which the method does not declare. */
    void fail(String message);

    void failDeclared(String message) throws DeclaredException;

    /** Counts its constructions: a client that builds it from the class name a server sent would count too. */
    class ProbeException extends RuntimeException {
        static final AtomicInteger BUILT = new AtomicInteger();

        public ProbeException(String message) {
            super(message);
            BUILT.incrementAndGet();
        }
    }

    class DeclaredException extends RuntimeException {
        public DeclaredException(String message) {
            super(message);
        }
    }

    /** A record with nested records, a bean, an enum, collections and JDK values. */
    record Order(long id, Customer customer, List<Line> lines, Map<String, Line> byCode, Status status,
                 BigDecimal total, Instant placed, UUID key, Address[] addresses) {
    }

    record Line(String code, int quantity, Optional<String> note) {
    }

    enum Status { OPEN, PAID }

    /** A bean with an inherited field. */
    class Party {
        private String name;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }
    }

    class Customer extends Party {
        private Address home;
        private List<Address> others = new ArrayList<>();

        public Address getHome() {
            return home;
        }

        public void setHome(Address home) {
            this.home = home;
        }

        public List<Address> getOthers() {
            return others;
        }
    }

    record Address(String street, String city) {
    }

    /** A polymorphic field: what {@code contents} holds at run time cannot be derived from the interface. */
    record Parcel(String label, Shape contents) {
    }

    interface Shape {
        double area();
    }

    record Circle(double radius) implements Shape {
        @Override
        public double area() {
            return Math.PI * radius * radius;
        }
    }

    record Square(double side) implements Shape {
        @Override
        public double area() {
            return side * side;
        }
    }
}
