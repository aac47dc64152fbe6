package dev.brisk.collapse.internal.spring;

import dev.brisk.collapse.internal.DefaultSingleFlight;
import dev.brisk.collapse.internal.http.RequestKey;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpResponse;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.Callable;

/**
 * One caller of a collapsing {@code ClientHttpRequestInterceptor}, on its own thread: it sends its request when it is
 * the first of its key (the request then runs on this thread, and the others wait for it), else waits for the
 * response of the one that did.
 *
 * <p>The caller that sends the request reads the response into memory, up to the largest size shared, and closes it;
 * every caller, the sender included, gets a response of its own over those bytes. A response that sets a cookie, or
 * whose body is larger than that, goes to the sender only, unread or with the bytes read so far put back in front of
 * its stream; the others send their own requests, as they do when the sender's thread is interrupted (its request
 * then fails for it alone). Any other failure of the request reaches every caller.
 */
public final class BlockingCall implements Callable<SharedResponse> {

    private final HttpRequest request;
    private final byte[] body;
    private final ClientHttpRequestExecution execution;
    private final int maxResponseSize;
    /** Whether this caller's request is the one that went out; written and read on this caller's thread. */
    private boolean sent;
    /** The response the sender keeps for itself when it is not shared. */
    private ClientHttpResponse own;

    public BlockingCall(HttpRequest request, byte[] body, ClientHttpRequestExecution execution, int maxResponseSize) {
        this.request = request;
        this.body = body;
        this.execution = execution;
        this.maxResponseSize = maxResponseSize;
    }

    /** This caller's response: the shared one of {@code key}, or one of its own. */
    public ClientHttpResponse run(DefaultSingleFlight<RequestKey, SharedResponse> flight, RequestKey key)
            throws IOException {
        SharedResponse shared;
        try {
            shared = flight.executeBlocking(key, this);
        } catch (SenderInterrupted e) {
            if (sent) {
                throw e.failure();
            }
            return execution.execute(request, body); // the sender gave up: this caller still wants an answer
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException(
                    "interrupted while waiting for the shared response of " + key);
            interrupted.initCause(e);
            throw interrupted;
        } catch (Exception e) {
            throw new IOException(e); // the call throws no other checked exception
        }
        if (sent) {
            return own != null ? own : shared.newResponse();
        }
        return shared == SharedResponse.NOT_SHARED ? execution.execute(request, body) : shared.newResponse();
    }

    /** Sends the request for this caller and those that join it, and reads the response for them. */
    @Override
    public SharedResponse call() throws IOException {
        sent = true;
        ClientHttpResponse response;
        try {
            response = execution.execute(request, body);
        } catch (IOException | RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new SenderInterrupted(e);
            }
            throw e;
        }
        try {
            if (SpringHeaders.setsCookie(response.getHeaders())) {
                own = response;
                return SharedResponse.NOT_SHARED;
            }
            byte[] bytes = response.getBody().readNBytes(Math.max(maxResponseSize, maxResponseSize + 1));
            if (bytes.length > maxResponseSize) {
                own = new PrefixedResponse(response, bytes);
                return SharedResponse.NOT_SHARED;
            }
            SharedResponse shared = new SharedResponse(response.getStatusCode(), response.getStatusText(),
                    HttpHeaders.copyOf(response.getHeaders()), bytes);
            response.close();
            return shared;
        } catch (IOException | RuntimeException e) {
            response.close();
            if (Thread.currentThread().isInterrupted()) {
                throw new SenderInterrupted(e);
            }
            throw e;
        }
    }

    /** The sender's thread was interrupted: its failure is its own, the callers that waited send their requests. */
    private static final class SenderInterrupted extends IOException {

        private static final long serialVersionUID = 1L;

        SenderInterrupted(Exception failure) {
            super(failure.getMessage(), failure);
        }

        IOException failure() {
            Throwable cause = getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            return (IOException) cause;
        }
    }
}
