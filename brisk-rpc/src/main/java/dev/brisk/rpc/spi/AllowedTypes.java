package dev.brisk.rpc.spi;

import dev.brisk.rpc.TypeNotAllowedException;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The classes a serializer may read, and write: those derived from the service interfaces (parameter, result and
 * declared exception types, their fields, components and type arguments, recursively), the JDK value types they use
 * (boxed primitives, {@code String}, {@code BigDecimal}/{@code BigInteger}, {@code java.time}, {@code UUID},
 * {@code Optional}, the common {@code java.util} collections and maps and the JDK's immutable ones), arrays of
 * allowed types, and what an application opted in with {@code allowTypes}/{@code allowPackages}. Immutable; lookups
 * are hash lookups, meant to run once per class a serializer resolves, not per value.
 */
public final class AllowedTypes {

    private static final Set<Class<?>> JDK_VALUES = jdkValueClasses();
    private static final AllowedTypes JDK_ONLY = new AllowedTypes(Set.of(), Set.of(), List.of());

    private final Set<Class<?>> declared;
    private final Set<Class<?>> classes;
    private final Set<String> names;
    private final List<String> packages;

    private AllowedTypes(Set<Class<?>> declared, Set<Class<?>> extra, List<String> packages) {
        this.declared = Set.copyOf(declared);
        Set<Class<?>> all = new HashSet<>(JDK_VALUES);
        all.addAll(extra);
        this.classes = Set.copyOf(all);
        Set<String> byName = new HashSet<>();
        for (Class<?> type : classes) {
            byName.add(type.getName());
        }
        this.names = Set.copyOf(byName);
        this.packages = List.copyOf(packages);
    }

    /** Only the JDK value types: what a serializer accepts before it is prepared. */
    public static AllowedTypes jdkValues() {
        return JDK_ONLY;
    }

    /**
     * {@code declared} (the classes in the method signatures, as {@link Serializer#prepare(Iterable)} receives them),
     * {@code classes} (every class a value may be of, derived or opted in) and {@code packages} (whose classes, and
     * those of their subpackages, are all allowed).
     */
    public static AllowedTypes of(Collection<Class<?>> declared, Collection<Class<?>> classes,
                                  Collection<String> packages) {
        Set<Class<?>> all = new HashSet<>(classes);
        all.addAll(declared);
        return new AllowedTypes(new HashSet<>(declared), all, List.copyOf(new LinkedHashSet<>(packages)));
    }

    /** These and {@code other}'s together. */
    public AllowedTypes with(AllowedTypes other) {
        Set<Class<?>> allDeclared = new HashSet<>(declared);
        allDeclared.addAll(other.declared);
        Set<Class<?>> all = new HashSet<>(classes);
        all.addAll(other.classes);
        Set<String> allPackages = new LinkedHashSet<>(packages);
        allPackages.addAll(other.packages);
        return new AllowedTypes(allDeclared, all, List.copyOf(allPackages));
    }

    /** The classes of the method signatures. */
    public Set<Class<?>> declared() {
        return declared;
    }

    /** Every class allowed by name (the JDK value types included), without those allowed by package. */
    public Set<Class<?>> classes() {
        return classes;
    }

    /** The packages whose classes are all allowed. */
    public List<String> packages() {
        return packages;
    }

    /** Whether a value of {@code type} may be read: an allowed class, an enum constant of one, an array of them. */
    public boolean allows(Class<?> type) {
        Class<?> element = type;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        if (element.isPrimitive() || classes.contains(element)) {
            return true;
        }
        Class<?> parent = element.getSuperclass();
        if (parent != null && parent.isEnum() && classes.contains(parent)) {
            return true;   // the body of an enum constant
        }
        return inPackage(element.getName());
    }

    /** As {@link #allows(Class)}, by binary name or an array's JVM descriptor ({@code [Ljava.lang.String;}). */
    public boolean allows(String className) {
        String name = className;
        int dimensions = 0;
        while (dimensions < name.length() && name.charAt(dimensions) == '[') {
            dimensions++;
        }
        if (dimensions > 0) {
            if (name.length() == dimensions + 1) {
                return "ZBCSIJFD".indexOf(name.charAt(dimensions)) >= 0;   // an array of a primitive type
            }
            if (name.charAt(dimensions) != 'L' || !name.endsWith(";")) {
                return false;
            }
            name = name.substring(dimensions + 1, name.length() - 1);
        }
        return names.contains(name) || inPackage(name);
    }

    /** Fails with {@link TypeNotAllowedException} naming {@code type} unless it is allowed. */
    public void check(Class<?> type) {
        if (!allows(type)) {
            throw new TypeNotAllowedException(type.getName());
        }
    }

    private boolean inPackage(String className) {
        for (String pkg : packages) {
            if (className.startsWith(pkg) && className.length() > pkg.length() && className.charAt(pkg.length()) == '.') {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return classes.size() + " classes" + (packages.isEmpty() ? "" : ", packages " + packages);
    }

    private static Set<Class<?>> jdkValueClasses() {
        Set<Class<?>> jdk = new HashSet<>(Arrays.asList(
                Boolean.class, Byte.class, Short.class, Character.class, Integer.class, Long.class, Float.class,
                Double.class, Void.class, Enum.class, String.class, BigDecimal.class, BigInteger.class, UUID.class, Date.class,
                Instant.class, Duration.class, LocalDate.class, LocalTime.class, LocalDateTime.class,
                OffsetDateTime.class, OffsetTime.class, ZonedDateTime.class, ZoneOffset.class, Period.class,
                Year.class, YearMonth.class, MonthDay.class, DayOfWeek.class, Month.class,
                Optional.class, OptionalInt.class, OptionalLong.class, OptionalDouble.class,
                ArrayList.class, LinkedList.class, ArrayDeque.class, CopyOnWriteArrayList.class,
                HashSet.class, LinkedHashSet.class, TreeSet.class,
                HashMap.class, LinkedHashMap.class, TreeMap.class, ConcurrentHashMap.class,
                // declared types that nothing is an instance of by itself (a field's type, named by some formats)
                Object.class, Number.class, CharSequence.class, Iterable.class, Collection.class, List.class,
                Set.class, SortedSet.class, NavigableSet.class, Queue.class, Deque.class, Map.class, SortedMap.class,
                NavigableMap.class));
        jdk.add(ZoneId.of("Europe/Paris").getClass());   // java.time.ZoneRegion
        // the JDK's immutable and wrapped collections that a declared List, Set or Map may hold at run time
        List<Integer> one = List.of(1);
        List<Integer> three = List.of(1, 2, 3);
        Collections.addAll(jdk, List.of().getClass(), one.getClass(), three.getClass(), three.subList(0, 2).getClass(),
                Set.of().getClass(), Set.of(1).getClass(), Set.of(1, 2, 3).getClass(),
                Map.of().getClass(), Map.of(1, 1).getClass(), Map.of(1, 1, 2, 2).getClass(),
                Collections.emptyList().getClass(), Collections.emptySet().getClass(),
                Collections.emptyMap().getClass(), Collections.emptySortedSet().getClass(),
                Collections.emptySortedMap().getClass(),
                Collections.singletonList(1).getClass(), Collections.singleton(1).getClass(),
                Collections.singletonMap(1, 1).getClass(), Arrays.asList(1, 2).getClass(),
                Collections.unmodifiableList(new ArrayList<>()).getClass(),
                Collections.unmodifiableList(new LinkedList<>()).getClass(),
                Collections.unmodifiableCollection(new ArrayList<>()).getClass(),
                Collections.unmodifiableSet(new HashSet<>()).getClass(),
                Collections.unmodifiableSortedSet(new TreeSet<>()).getClass(),
                Collections.unmodifiableMap(new HashMap<>()).getClass(),
                Collections.unmodifiableSortedMap(new TreeMap<>()).getClass());
        return Set.copyOf(jdk);
    }
}
