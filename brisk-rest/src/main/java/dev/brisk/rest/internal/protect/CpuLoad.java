package dev.brisk.rest.internal.protect;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;

/** The process's CPU load, sampled once per second on the protection timer; read with a volatile load. */
public final class CpuLoad implements DoubleSupplier {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final OperatingSystemMXBean bean;
    private volatile double load;

    private CpuLoad(OperatingSystemMXBean bean) {
        this.bean = bean;
    }

    /**
     * Starts sampling on {@code timer}; null, after logging why, when the JVM does not report its process CPU load
     * ({@code com.sun.management} missing).
     */
    public static CpuLoad start(ScheduledExecutorService timer) {
        OperatingSystemMXBean bean;
        try {
            if (!(ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean
                    os)) {
                LOG.log(System.Logger.Level.WARNING, "load shedding is off: this JVM does not report the process "
                        + "CPU load (com.sun.management.OperatingSystemMXBean)");
                return null;
            }
            bean = os;
        } catch (LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "load shedding is off: the jdk.management module is missing: " + e);
            return null;
        }
        CpuLoad sampler = new CpuLoad(bean);
        timer.scheduleAtFixedRate(sampler::sample, 0, 1, TimeUnit.SECONDS);
        return sampler;
    }

    private void sample() {
        double value = bean.getProcessCpuLoad();
        if (value >= 0) {
            load = value;
        }
    }

    @Override
    public double getAsDouble() {
        return load;
    }
}
