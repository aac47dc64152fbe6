package dev.brisk.rpc.http;

/**
 * How the HTTP/JSON face answers an exception a service method threw: an RFC 9457 problem
 * ({@code application/problem+json}) with this status, {@code type}, {@code title} and {@code detail}, plus
 * {@code exception}, the exception's class name. Given by the mapping of
 * {@link dev.brisk.rpc.RpcServer.Builder#httpProblems(java.util.function.Function)}.
 *
 * @param status an error status, 400 to 599
 * @param type   a URI naming the kind of problem, {@code null} for {@code about:blank}
 * @param title  a short summary of the kind of problem, {@code null} for the status's reason phrase
 * @param detail what went wrong this time, {@code null} for none
 */
public record HttpProblem(int status, String type, String title, String detail) {

    /** Checks the status. */
    public HttpProblem {
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("a problem's status is 400 to 599, not " + status);
        }
    }

    /** A problem with {@code status} and {@code detail}, of type {@code about:blank}, titled by the status. */
    public static HttpProblem of(int status, String detail) {
        return new HttpProblem(status, null, null, detail);
    }
}
