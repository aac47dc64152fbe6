package dev.brisk.rest.support;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Names of method parameters: from the class file's {@code MethodParameters} (compiled with {@code -parameters}),
 * else from its {@code LocalVariableTable} (compiled with debug information, Maven's and Gradle's default). The
 * class file is read once per class, when routes are built.
 */
public final class ParameterNames {

    private static final ClassValue<Map<String, String[]>> TABLES = new ClassValue<>() {
        @Override
        protected Map<String, String[]> computeValue(Class<?> type) {
            return read(type);
        }
    };

    private ParameterNames() {
    }

    /** The name of parameter {@code index} of {@code method}, if the class file has it. */
    public static Optional<String> of(Method method, int index) {
        Parameter parameter = method.getParameters()[index];
        if (parameter.isNamePresent()) {
            return Optional.of(parameter.getName());
        }
        String[] names = TABLES.get(method.getDeclaringClass()).get(method.getName() + descriptor(method));
        return names == null || names[index] == null ? Optional.empty() : Optional.of(names[index]);
    }

    private static String descriptor(Method method) {
        return MethodType.methodType(method.getReturnType(), method.getParameterTypes())
                .toMethodDescriptorString();
    }

    /** Parameter names by method name + descriptor, from the local variable tables of a class file. */
    private static Map<String, String[]> read(Class<?> type) {
        String resource = type.getName().replace('.', '/') + ".class";
        ClassLoader loader = type.getClassLoader() != null ? type.getClassLoader()
                : ClassLoader.getSystemClassLoader();
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return in == null ? Map.of() : parse(new DataInputStream(in));
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    private static Map<String, String[]> parse(DataInputStream in) throws IOException {
        if (in.readInt() != 0xCAFEBABE) {
            return Map.of();
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        String[] utf8 = constantPool(in);
        in.skipBytes(6);
        in.skipBytes(2 * in.readUnsignedShort());
        for (int fields = in.readUnsignedShort(); fields > 0; fields--) {
            in.skipBytes(6);
            skipAttributes(in);
        }
        Map<String, String[]> tables = new HashMap<>();
        for (int methods = in.readUnsignedShort(); methods > 0; methods--) {
            int access = in.readUnsignedShort();
            String name = utf8[in.readUnsignedShort()];
            String descriptor = utf8[in.readUnsignedShort()];
            for (int attributes = in.readUnsignedShort(); attributes > 0; attributes--) {
                String attribute = utf8[in.readUnsignedShort()];
                int length = in.readInt();
                if (!attribute.equals("Code")) {
                    in.skipBytes(length);
                    continue;
                }
                in.skipBytes(4);
                in.skipBytes(in.readInt());
                in.skipBytes(8 * in.readUnsignedShort());
                for (int codeAttributes = in.readUnsignedShort(); codeAttributes > 0; codeAttributes--) {
                    String codeAttribute = utf8[in.readUnsignedShort()];
                    int codeLength = in.readInt();
                    if (!codeAttribute.equals("LocalVariableTable")) {
                        in.skipBytes(codeLength);
                        continue;
                    }
                    tables.put(name + descriptor, names(in, utf8, descriptor, Modifier.isStatic(access)));
                }
            }
        }
        return tables;
    }

    private static String[] names(DataInputStream in, String[] utf8, String descriptor, boolean isStatic)
            throws IOException {
        int[] slots = slots(descriptor, isStatic ? 0 : 1);
        String[] names = new String[slots.length];
        for (int entries = in.readUnsignedShort(); entries > 0; entries--) {
            int startPc = in.readUnsignedShort();
            in.readUnsignedShort();
            String name = utf8[in.readUnsignedShort()];
            in.readUnsignedShort();
            int index = in.readUnsignedShort();
            for (int i = 0; i < slots.length; i++) {
                if (slots[i] == index && startPc == 0) {
                    names[i] = name;
                }
            }
        }
        return names;
    }

    /** The local variable slot of each parameter in a method descriptor ({@code long}, {@code double} take two). */
    private static int[] slots(String descriptor, int first) {
        List<Integer> slots = new ArrayList<>();
        int slot = first;
        int i = 1;
        while (descriptor.charAt(i) != ')') {
            slots.add(slot);
            char c = descriptor.charAt(i);
            boolean array = false;
            while (c == '[') {
                array = true;
                c = descriptor.charAt(++i);
            }
            if (c == 'L') {
                i = descriptor.indexOf(';', i);
            }
            slot += !array && (c == 'J' || c == 'D') ? 2 : 1;
            i++;
        }
        return slots.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Reads the constant pool, keeping only its UTF-8 entries (by index). */
    private static String[] constantPool(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    i++;
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        return utf8;
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        for (int attributes = in.readUnsignedShort(); attributes > 0; attributes--) {
            in.skipBytes(2);
            in.skipBytes(in.readInt());
        }
    }
}
