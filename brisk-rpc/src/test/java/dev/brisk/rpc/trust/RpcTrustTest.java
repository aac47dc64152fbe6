package dev.brisk.rpc.trust;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.RpcRemoteException;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.TypeNotAllowedException;
import dev.brisk.rpc.internal.ErrorCode;
import dev.brisk.rpc.internal.Frames;
import dev.brisk.rpc.internal.Serializers;
import dev.brisk.rpc.internal.TypeClosure;
import dev.brisk.rpc.spi.AllowedTypes;
import dev.brisk.rpc.spi.Serializer;
import dev.brisk.rpc.trust.TrustService.Address;
import dev.brisk.rpc.trust.TrustService.Circle;
import dev.brisk.rpc.trust.TrustService.Customer;
import dev.brisk.rpc.trust.TrustService.DeclaredException;
import dev.brisk.rpc.trust.TrustService.Line;
import dev.brisk.rpc.trust.TrustService.Order;
import dev.brisk.rpc.trust.TrustService.Parcel;
import dev.brisk.rpc.trust.TrustService.ProbeException;
import dev.brisk.rpc.trust.TrustService.Square;
import dev.brisk.rpc.trust.TrustService.Status;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.URL;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import java.io.ByteArrayOutputStream;
import javax.swing.event.EventListenerList;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Values of classes the service interfaces do not declare are refused before they exist, on the server (arguments)
 * and on the client (results, exceptions), with Fory and Kryo; declared values, nested ones included, still travel;
 * polymorphic fields need an opt-in; Kryo's declared sizes are checked against the frame. Raw frames through a socket.
 */
class RpcTrustTest {

    private static final String AREA = "RPC attacks";
    private static final String ECHO = "echo(java.lang.String)";

    private final List<AutoCloseable> opened = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    private RpcServer server(String serializer, Class<?>... allowed) {
        RpcServer server = RpcServer.builder().host("127.0.0.1").serializer(serializer)
                .options(o -> o.allowTypes(allowed))
                .service(TrustService.class, new TrustServiceImpl()).start();
        opened.add(server);
        return server;
    }

    private TrustService client(RpcServer server, String serializer, Class<?>... allowed) {
        RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).serializer(serializer)
                .options(o -> o.allowTypes(allowed)).build();
        opened.add(client);
        return client.proxy(TrustService.class);
    }

    private RawConnection raw(RpcServer server, String serializer) throws IOException {
        RawConnection connection = RawConnection.open(server.port(), serializer);
        opened.add(connection);
        return connection;
    }

    /** A serializer reading what the service returns (answers to raw calls). */
    private static Object result(String serializer, RawConnection.Answer answer, Class<?> type) {
        assertThat(answer.type()).as("%s", answer).isEqualTo(Frames.RESPONSE);
        Serializer reader = Serializers.named(serializer);
        reader.prepare(AllowedTypes.of(Set.of(), TypeClosure.of(List.of(type)), Set.of()));
        return reader.read(Unpooled.wrappedBuffer(answer.body()), type);
    }

    private static void assertStillServes(String serializer, RawConnection connection) throws IOException {
        RawConnection.Answer next = connection.call(TrustService.class, ECHO, Attacker.payload(serializer, "still here"));
        assertThat(result(serializer, next, String.class)).isEqualTo("still here");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    void aGadgetMapForAStringParameterIsRefusedBeforeItsKeyExists(String serializer) throws IOException {
        RpcServer server = server(serializer);
        RawConnection connection = raw(server, serializer);
        Map<Object, String> gadget = new HashMap<>();
        gadget.put(new Canary("key"), "value");
        byte[] payload = Attacker.payload(serializer, gadget);
        Canary.SIGNS.set(0);

        RawConnection.Answer refused = connection.call(TrustService.class, ECHO, payload);

        assertThat(refused.isError()).as("%s", refused).isTrue();
        assertThat(refused.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(refused.errorType()).isEqualTo(TypeNotAllowedException.class.getName());
        assertThat(refused.message()).contains("argument 0 (message) of TrustService.echo(java.lang.String)")
                .contains("is not allowed").containsAnyOf(Canary.class.getName(), HashMap.class.getName());
        assertThat(Canary.SIGNS.get()).as("constructor, hashCode, equals, readObject, readResolve of the canary")
                .isZero();
        assertStillServes(serializer, connection);
        ReliabilityReport.record(AREA, "RpcTrustTest.gadgetMap[" + serializer + "]",
                "a HashMap holding an object of an undeclared class, sent as the String argument of a method, is refused"
                        + " with an error frame naming the class and the parameter before any object of that class"
                        + " exists (no constructor, hashCode, equals, readObject, readResolve), and the connection"
                        + " serves the next call",
                payload.length + "-byte payload; canary signs of life 0; answer: " + refused.message().substring(0,
                        Math.min(160, refused.message().length())));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    void knownGadgetClassesAreRefused(String serializer) throws Exception {
        RpcServer server = server(serializer);
        RawConnection connection = raw(server, serializer);
        List<Object> gadgets = List.of(new URL("http://brisk-canary.invalid/"), InetAddress.getLoopbackAddress(),
                new PriorityQueue<>(List.of("a", "b")), new EventListenerList());
        List<String> refusals = new ArrayList<>();
        for (Object gadget : gadgets) {
            Map<Object, String> map = new HashMap<>();
            map.put(gadget, "value");
            List<byte[]> payloads = new ArrayList<>();
            if (serializer.equals("kryo") && !(gadget instanceof URL || gadget instanceof PriorityQueue)) {
                // Kryo cannot write these without opening JDK modules; their name on the wire is all the attack needs
                payloads.add(Attacker.kryoNamed(gadget.getClass().getName()));
            } else {
                payloads.add(Attacker.payload(serializer, gadget));
                payloads.add(Attacker.payload(serializer, map));
            }
            for (byte[] payload : payloads) {
                RawConnection.Answer refused = connection.call(TrustService.class, ECHO, payload);
                assertThat(refused.isError()).as("%s", refused).isTrue();
                assertThat(refused.code()).isEqualTo(ErrorCode.BAD_REQUEST);
                assertThat(refused.message()).contains("argument 0 (message)").contains("is not allowed")
                        .containsAnyOf(gadget.getClass().getName(), gadget.getClass().getSuperclass().getName(),
                                HashMap.class.getName());
                refusals.add(refused.message().replaceAll(".*class (\\S+) is not allowed.*", "$1"));
            }
        }
        assertStillServes(serializer, connection);
        ReliabilityReport.record(AREA, "RpcTrustTest.knownGadgets[" + serializer + "]",
                "URL, InetAddress, PriorityQueue and EventListenerList, alone and as HashMap keys, are refused as the"
                        + " String argument of a method; the connection serves the next call",
                refusals.size() + " payloads refused; classes named: " + new LinkedHashSet<>(refusals));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    void declaredNestedValuesTravel(String serializer) {
        TrustService service = client(server(serializer), serializer);
        Customer customer = new Customer();
        customer.setName("Ada");
        customer.setHome(new Address("1 Main St", "Springfield"));
        customer.getOthers().add(new Address("2 Side St", "Shelbyville"));
        Order order = new Order(7, customer, List.of(new Line("a", 1, Optional.of("gift")), new Line("b", 2,
                Optional.empty())), new LinkedHashMap<>(Map.of("a", new Line("a", 1, Optional.empty()))), Status.PAID,
                new BigDecimal("12.50"), Instant.parse("2026-01-02T03:04:05Z"), UUID.randomUUID(),
                new Address[] {new Address("3 High St", "Ogdenville")});

        Order back = service.order(order);

        assertThat(back.customer().getName()).isEqualTo("Ada");
        assertThat(back.customer().getHome()).isEqualTo(customer.getHome());
        assertThat(back.customer().getOthers()).isEqualTo(customer.getOthers());
        assertThat(back.lines()).isEqualTo(order.lines());
        assertThat(back.byCode()).isEqualTo(order.byCode());
        assertThat(back.addresses()).containsExactly(order.addresses());
        assertThat(List.of(back.id(), back.status(), back.total(), back.placed(), back.key()))
                .isEqualTo(List.of(order.id(), order.status(), order.total(), order.placed(), order.key()));
        // Kryo itself cannot read the Collections.unmodifiable* wrappers (it adds to an empty, unmodifiable shell)
        boolean wrappers = serializer.equals("fory");
        List<List<String>> lists = new ArrayList<>(List.of(new ArrayList<>(List.of("a")), List.of("a"), List.of("a", "b", "c"),
                Stream.of("a", "b").toList(), Collections.emptyList(), Collections.singletonList("a"),
                Arrays.asList("a", "b"), new LinkedList<>(List.of("a")), new CopyOnWriteArrayList<>(List.of("a"))));
        if (wrappers) {
            lists.add(Collections.unmodifiableList(new ArrayList<>(List.of("a", "b"))));
        }
        for (List<String> list : lists) {
            assertThat(service.count(list)).as(list.getClass().getName()).isEqualTo(list.size());
        }
        List<Set<String>> sets = new ArrayList<>(List.of(Set.of(), Set.of("a"), Set.of("a", "b", "c"), new HashSet<>(Set.of("a")),
                new LinkedHashSet<>(Set.of("a")), new TreeSet<>(Set.of("a", "b")), Collections.emptySet(),
                Collections.singleton("a")));
        if (wrappers) {
            sets.add(Collections.unmodifiableSet(new HashSet<>(Set.of("a", "b"))));
        }
        for (Set<String> set : sets) {
            assertThat(service.distinct(set)).as(set.getClass().getName()).isEqualTo(set.size());
        }
        List<Map<String, String>> maps = new ArrayList<>(List.of(Map.of(), Map.of("k", "v"), Map.of("a", "1", "b", "2"),
                new HashMap<>(Map.of("k", "v")), new LinkedHashMap<>(Map.of("k", "v")), new TreeMap<>(Map.of("k", "v")),
                new ConcurrentHashMap<>(Map.of("k", "v")), Collections.emptyMap(), Collections.singletonMap("k", "v")));
        if (wrappers) {
            maps.add(Collections.unmodifiableMap(new HashMap<>(Map.of("k", "v"))));
        }
        for (Map<String, String> map : maps) {
            assertThat(service.entries(map)).as(map.getClass().getName()).isEqualTo(map.size());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    void aPolymorphicFieldNeedsAnOptIn(String serializer) {
        Parcel parcel = new Parcel("box", new Circle(1));
        TrustService strict = client(server(serializer), serializer, Circle.class);
        assertThatThrownBy(() -> strict.parcel(parcel)).isInstanceOf(TypeNotAllowedException.class)
                .hasMessageContaining("argument 0 (parcel) of TrustService.parcel")
                .hasMessageContaining("class " + Circle.class.getName() + " is not allowed");

        TrustService byType = client(server(serializer, Circle.class), serializer, Circle.class);
        assertThat(byType.parcel(parcel)).isEqualTo(parcel);

        RpcServer byPackage = RpcServer.builder().host("127.0.0.1").serializer(serializer)
                .options(o -> o.allowPackages("dev.brisk.rpc.trust"))
                .service(TrustService.class, new TrustServiceImpl()).start();
        opened.add(byPackage);
        RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + byPackage.port()).serializer(serializer)
                .options(o -> o.allowPackages("dev.brisk.rpc.trust")).build();
        opened.add(client);
        assertThat(client.proxy(TrustService.class).parcel(new Parcel("crate", new Square(3))).contents().area())
                .isEqualTo(9.0);
        ReliabilityReport.record(AREA, "RpcTrustTest.polymorphicField[" + serializer + "]",
                "a field declared as an interface carries an implementation only when the server opted it in with"
                        + " allowTypes or allowPackages; otherwise the call fails naming the class and the parameter",
                "refused without the opt-in, accepted with allowTypes(Circle) and with allowPackages");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    void theClientRefusesAResultOfAClassItDoesNotAllow(String serializer) {
        TrustService service = client(server(serializer, Circle.class, Square.class), serializer, Circle.class);
        assertThat(service.shape("circle")).isEqualTo(new Circle(1));
        assertThatThrownBy(() -> service.shape("square")).isInstanceOf(RpcException.class)
                .hasMessageContaining("class " + Square.class.getName() + " is not allowed")
                .hasRootCauseInstanceOf(TypeNotAllowedException.class);
        assertThat(service.shape("circle")).as("the connection lives on").isEqualTo(new Circle(1));
        ReliabilityReport.record(AREA, "RpcTrustTest.undeclaredResult[" + serializer + "]",
                "a client refuses a result whose class its interfaces and options do not allow (a server cannot make"
                        + " it build any class it names), and its connection serves the next call",
                "Square refused, Circle read before and after");
    }

    @ParameterizedTest
    @ValueSource(strings = {"int[]", "String", "ArrayList", "HashMap"})
    void kryoSizesLargerThanTheFrameAreRefusedBeforeAllocating(String bomb) throws IOException {
        RpcServer server = server("kryo");
        RawConnection connection = raw(server, "kryo");
        Kryo kryo = Attacker.kryo();
        Output output = new Output(64, -1);
        String signature;
        switch (bomb) {
            case "int[]" -> {
                kryo.writeClass(output, int[].class);
                output.writeVarInt(200_000_000 + 1, true);
                signature = "size(int[])";
            }
            case "String" -> {
                kryo.writeClass(output, String.class);
                output.writeVarIntFlag(true, 200_000_000 + 1, true);
                signature = "length(java.lang.String)";
            }
            case "ArrayList" -> {
                kryo.writeClass(output, ArrayList.class);
                output.writeVarIntFlag(false, 200_000_000 + 1, true);
                signature = "count(java.util.List)";
            }
            default -> {
                kryo.writeClass(output, HashMap.class);
                output.writeVarInt(200_000_000 + 1, true);
                signature = "entries(java.util.Map)";
            }
        }
        output.writeBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        byte[] payload = output.toBytes();

        RawConnection.Answer refused = connection.call(TrustService.class, signature, payload);

        assertThat(refused.isError()).as("%s", refused).isTrue();
        assertThat(refused.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(refused.message()).contains("declares 200000000").contains("but the frame holds only")
                .doesNotContain("OutOfMemoryError");
        assertStillServes("kryo", connection);
        ReliabilityReport.record(AREA, "RpcTrustTest.kryoLengthBomb[" + bomb + "]",
                "a Kryo value declaring 200,000,000 elements in a tiny frame is refused before anything is allocated"
                        + " for them, and the connection serves the next call",
                payload.length + "-byte argument; answer: " + refused.message());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    void theClientBuildsNoExceptionClassTheInterfaceDoesNotDeclare(String serializer) {
        TrustService service = client(server(serializer), serializer);
        ProbeException.BUILT.set(0);
        assertThatThrownBy(() -> service.fail("boom")).isExactlyInstanceOf(RpcRemoteException.class)
                .satisfies(e -> assertThat(((RpcRemoteException) e).remoteType()).isEqualTo(ProbeException.class.getName()))
                .hasMessageContaining("boom");
        assertThat(ProbeException.BUILT.get()).as("built by the server only").isEqualTo(1);
        assertThatThrownBy(() -> service.failDeclared("bang")).isExactlyInstanceOf(DeclaredException.class)
                .hasMessage("bang");
        ReliabilityReport.record(AREA, "RpcTrustTest.undeclaredException[" + serializer + "]",
                "a client recreates only exception classes a method declares (or the JDK's, or opted in); another"
                        + " class a server names arrives as RpcRemoteException without being loaded or constructed",
                "undeclared exception constructed 1 time (by the server), declared one rethrown as its type");
    }

    @org.junit.jupiter.api.Test
    void foryArraySizesLargerThanTheFrameAreRefused() throws IOException {
        RpcServer server = server("fory");
        RawConnection connection = raw(server, "fory");
        byte[] one = Attacker.payload("fory", new int[] {7});
        byte[] two = Attacker.payload("fory", new int[] {7, 7});
        int sizeAt = 0;
        while (one[sizeAt] == two[sizeAt]) {
            sizeAt++;
        }
        assertThat(one[sizeAt]).as("the byte size of one int").isEqualTo((byte) 4);
        ByteArrayOutputStream bomb = new ByteArrayOutputStream();
        bomb.write(one, 0, sizeAt);
        int size = 800_000_000;   // bytes of 200,000,000 ints, as an unsigned LEB128 varint
        while ((size & ~0x7F) != 0) {
            bomb.write((size & 0x7F) | 0x80);
            size >>>= 7;
        }
        bomb.write(size);
        bomb.write(new byte[] {1, 2, 3, 4}, 0, 4);

        RawConnection.Answer refused = connection.call(TrustService.class, "size(int[])", bomb.toByteArray());

        assertThat(refused.isError()).as("%s", refused).isTrue();
        assertThat(refused.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(refused.message()).doesNotContain("OutOfMemoryError");
        assertStillServes("fory", connection);
        ReliabilityReport.record(AREA, "RpcTrustTest.foryLengthBomb",
                "a Fory int[] declaring 800,000,000 bytes in a tiny frame is refused and the connection serves the next"
                        + " call",
                bomb.size() + "-byte argument; answer: " + refused.message());
    }
}
