package dev.brisk.rpc;

import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** An idle client connection sends heartbeats, and drops a peer that stays silent for three intervals. */
class HeartbeatTest {

    @Test
    void heartbeatsAreSentAndASilentPeerIsDropped() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + listener.getLocalPort())
                     .options(o -> o.connectionsPerProvider(1).pingInterval(Duration.ofMillis(100))).build()) {
            client.proxy(SlowService.class);   // opens the connection
            try (Socket peer = listener.accept()) {
                peer.setSoTimeout(10_000);
                DataInputStream in = new DataInputStream(peer.getInputStream());
                DataOutputStream out = new DataOutputStream(peer.getOutputStream());

                assertThat(readFrameType(in)).as("hello").isEqualTo(7);
                out.writeInt(13);          // hello answer: version 1, no services
                out.writeByte(7);
                out.writeInt(0);
                out.writeInt(1);
                out.writeInt(0);
                out.flush();

                assertThat(readFrameType(in)).as("heartbeat").isEqualTo(4);
                int heartbeats = 1;
                boolean closed = false;
                while (!closed) {
                    try {
                        assertThat(readFrameType(in)).as("only heartbeats while idle").isEqualTo(4);
                        heartbeats++;
                    } catch (EOFException e) {
                        closed = true;
                    }
                }
                assertThat(heartbeats).as("heartbeats before the silent peer was dropped").isGreaterThanOrEqualTo(2);
            }
        }
    }

    private static int readFrameType(DataInputStream in) throws Exception {
        int length = in.readInt();
        int type = in.readUnsignedByte() & 0x0F;
        in.skipNBytes(length - 1);
        return type;
    }
}
