package dev.brisk.rpc;

import dev.brisk.rpc.Model.InvalidInputException;
import dev.brisk.rpc.Model.OpaqueException;
import dev.brisk.rpc.Model.OutOfStockException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.concurrent.ExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Exceptions thrown by a service reach the caller with their type and message. */
class ExceptionsTest {

    private static RpcServer server;
    private static RpcClient client;
    private static EchoService echo;

    @BeforeAll
    static void start() {
        server = RpcServer.builder().host("127.0.0.1").service(EchoService.class, new EchoServiceImpl()).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build();
        echo = client.proxy(EchoService.class);
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    @Test
    void anExceptionTheClientKnowsIsRethrownAsTheSameType() {
        assertThatThrownBy(() -> echo.outOfStock("apples"))
                .isExactlyInstanceOf(OutOfStockException.class).hasMessage("no more apples");
        assertThatThrownBy(() -> echo.illegal("bad value 7"))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("bad value 7");
    }

    @Test
    void aDeclaredCheckedExceptionIsRethrownAsIs() {
        assertThatThrownBy(() -> echo.declared("field x"))
                .isExactlyInstanceOf(InvalidInputException.class).hasMessage("field x");
    }

    @Test
    void anExceptionTheClientCannotRecreateArrivesAsRemoteException() {
        assertThatThrownBy(() -> echo.opaque(17))
                .isInstanceOfSatisfying(RpcRemoteException.class, e -> {
                    assertThat(e.remoteType()).isEqualTo(OpaqueException.class.getName());
                    assertThat(e.remoteMessage()).isEqualTo("opaque 17");
                });
    }

    @Test
    void aFailedFutureOfAnAsyncMethodFailsTheCallersFuture() {
        assertThatThrownBy(() -> echo.failAsync("pears").get())
                .isInstanceOf(ExecutionException.class)
                .cause().isExactlyInstanceOf(OutOfStockException.class).hasMessage("pears");
    }

    @Test
    void theConnectionServesFurtherCallsAfterAFailure() {
        assertThatThrownBy(() -> echo.outOfStock("figs")).isInstanceOf(OutOfStockException.class);
        assertThat(echo.text("still here")).isEqualTo("still here");
    }
}
