package dev.brisk.benchmarks.dubbo;

import dev.brisk.benchmarks.rpc.RpcPeer;
import dev.brisk.benchmarks.rpc.UserService;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.io.IOException;
import java.net.ServerSocket;

/**
 * {@code rpc dubbo}: Apache Dubbo 3 with the Triple protocol, the benchmark's {@link UserService} interface as it is
 * (no IDL), started programmatically without a registry: the server exports on {@code tri://0.0.0.0:port}, the caller
 * refers to {@code tri://host:port} directly and shares Dubbo's one connection per address. Defaults everywhere
 * (serialization, server thread pool) except the call timeout, raised from 1 s so that a loaded single core does not
 * turn slow calls into errors, and the QoS port, which two processes on one machine cannot share.
 */
public final class DubboPeer implements RpcPeer {

    private static final int TIMEOUT_MILLIS = 30_000;

    @Override
    public Running serve(int port, UserService service) throws Exception {
        int bound = port > 0 ? port : freePort();
        FrameworkModel framework = new FrameworkModel();
        ServiceConfig<UserService> config = new ServiceConfig<>();
        config.setInterface(UserService.class);
        config.setRef(service);
        DubboBootstrap.newInstance(framework)
                .application(application("brisk-benchmarks-rpc-server"))
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocol(new ProtocolConfig("tri", bound))
                .service(config)
                .start();
        return new Running() {
            @Override
            public int port() {
                return bound;
            }

            @Override
            public void close() {
                framework.destroy();
            }
        };
    }

    @Override
    public Connected connect(String host, int port) {
        FrameworkModel framework = new FrameworkModel();
        ReferenceConfig<UserService> config = new ReferenceConfig<>();
        config.setInterface(UserService.class);
        config.setUrl("tri://" + host + ":" + port);
        config.setTimeout(TIMEOUT_MILLIS);
        DubboBootstrap.newInstance(framework)
                .application(application("brisk-benchmarks-rpc-caller"))
                .reference(config)
                .start();
        UserService service = config.get();
        return new Connected() {
            @Override
            public UserService service() {
                return service;
            }

            @Override
            public void close() {
                framework.destroy();
            }
        };
    }

    private static ApplicationConfig application(String name) {
        ApplicationConfig application = new ApplicationConfig(name);
        application.setQosEnable(false);
        application.setShutwait("1");
        return application;
    }

    /** Dubbo takes no port 0 (it picks its own default then): a free port for the tests, which ask for any. */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
