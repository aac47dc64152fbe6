package dev.brisk.rpc.internal;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Invokers built once from method handles call any arity, primitives, overloads and generics. */
class InvokerTest {

    /** Shapes the spreader must handle. */
    public interface Shapes {

        int none();

        long many(byte a, short b, char c, int d, long e, float f, double g, boolean h, String i, List<String> j);

        String over(int a);

        String over(Integer a);

        <T extends Comparable<T>> T max(T a, T b);

        void nothing(int a);
    }

    private static final Shapes IMPL = new Shapes() {
        @Override
        public int none() {
            return 7;
        }

        @Override
        public long many(byte a, short b, char c, int d, long e, float f, double g, boolean h, String i,
                         List<String> j) {
            return a + b + c + d + e + (long) f + (long) g + (h ? 1 : 0) + i.length() + j.size();
        }

        @Override
        public String over(int a) {
            return "int";
        }

        @Override
        public String over(Integer a) {
            return "Integer";
        }

        @Override
        public <T extends Comparable<T>> T max(T a, T b) {
            return a.compareTo(b) >= 0 ? a : b;
        }

        @Override
        public void nothing(int a) {
        }
    };

    private static MethodInvoker invoker(String signature) {
        ServerService service = new ServerService(0, ServiceModel.of(Shapes.class), IMPL, null, 0);
        return service.invokers().stream().filter(i -> i.model().signature().equals(signature)).findFirst()
                .orElseThrow();
    }

    @Test
    void signaturesUseErasedBinaryNames() {
        assertThat(ServiceModel.of(Shapes.class).methods()).extracting(MethodModel::signature).containsExactly(
                "many(byte,short,char,int,long,float,double,boolean,java.lang.String,java.util.List)",
                "max(java.lang.Comparable,java.lang.Comparable)", "none()", "nothing(int)",
                "over(int)", "over(java.lang.Integer)");
    }

    @Test
    void everyArityAndPrimitiveIsSpread() throws Throwable {
        assertThat(invoker("none()").invoke(new Object[0])).isEqualTo(7);
        assertThat(invoker("many(byte,short,char,int,long,float,double,boolean,java.lang.String,java.util.List)")
                .invoke(new Object[] {(byte) 1, (short) 2, (char) 3, 4, 5L, 6f, 7d, true, "ab", List.of("x")}))
                .isEqualTo(32L);
        assertThat(invoker("nothing(int)").invoke(new Object[] {1})).isNull();
    }

    @Test
    void overloadsAndGenericsReachTheirMethod() throws Throwable {
        assertThat(invoker("over(int)").invoke(new Object[] {1})).isEqualTo("int");
        assertThat(invoker("over(java.lang.Integer)").invoke(new Object[] {1})).isEqualTo("Integer");
        assertThat(invoker("max(java.lang.Comparable,java.lang.Comparable)").invoke(new Object[] {"a", "b"}))
                .isEqualTo("b");
    }

    @Test
    void aNullForAPrimitiveFailsAndTheServiceExceptionPropagates() {
        assertThatThrownBy(() -> invoker("over(int)").invoke(new Object[] {null}))
                .isInstanceOf(NullPointerException.class);
    }
}
