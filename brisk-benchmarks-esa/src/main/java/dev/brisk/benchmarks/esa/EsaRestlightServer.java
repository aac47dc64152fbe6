package dev.brisk.benchmarks.esa;

import dev.brisk.benchmarks.serve.Endpoints;
import esa.httpserver.core.AsyncRequest;
import esa.httpserver.core.AsyncResponse;
import esa.restlight.core.Restlight;
import esa.restlight.core.config.RestlightOptions;
import esa.restlight.core.config.RestlightOptionsConfigure;
import esa.restlight.core.serialize.JacksonHttpBodySerializer;
import esa.restlight.server.config.SchedulingOptionsConfigure;
import esa.restlight.server.schedule.Schedulers;

/**
 * {@code serve esa-restlight} and {@code serve esa-restlight-biz}: ESA Restlight 0.1.1 serving
 * {@link RestlightController} through its standalone API, one connector thread and {@code --io-threads} IO threads,
 * the handlers on the IO thread ({@code esa-restlight}) or on Restlight's default, its biz thread pool
 * ({@code esa-restlight-biz}, the pool's default size). JSON is written by Restlight's Jackson serializer, with the
 * content type the other servers send ({@code application/json}; Restlight's own adds {@code ;charset=UTF-8}).
 */
final class EsaRestlightServer {

    private static final String CONTENT_TYPE = "content-type";

    private EsaRestlightServer() {
    }

    /**
     * Starts listening on {@code port}, the handlers on the IO threads or on the biz pool; returns the port once bound
     * (Restlight 0.1.1 does not tell which port it bound for port 0, so the port must be given).
     */
    static int start(int port, int ioThreads, boolean onIoThreads) {
        RestlightOptions options = RestlightOptionsConfigure.newOpts()
                .connectorThreads(1)
                .ioThreads(ioThreads)
                .scheduling(SchedulingOptionsConfigure.newOpts()
                        .defaultScheduler(onIoThreads ? Schedulers.IO : Schedulers.BIZ)
                        .configured())
                .configured();
        Restlight.forServer(options)
                .address(port)
                .deployments()
                .addResponseSerializer(new JsonSerializer())
                .addController(new RestlightController())
                .server()
                .start();
        return port;
    }

    /** Restlight's Jackson serializer, answering {@code application/json} like the other servers. */
    private static final class JsonSerializer extends JacksonHttpBodySerializer {

        @Override
        public Object customResponse(AsyncRequest request, AsyncResponse response, Object returnValue) {
            response.setHeader(CONTENT_TYPE, Endpoints.APPLICATION_JSON);
            return returnValue;
        }
    }
}
