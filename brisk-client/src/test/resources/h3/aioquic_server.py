"""An HTTP/3 server on aioquic's H3 API, for the client's interop test.

Usage: aioquic_server.py CERT_PEM KEY_PEM. Listens on a free UDP port of 127.0.0.1 and prints "PORT <n>" once ready.
Routes: GET /hello answers "hello from aioquic"; POST /echo answers the request body; GET /bytes?n=N answers N bytes,
byte i being i % 251, handed to the QUIC stack at once; anything else 404. Every response names the protocol it saw in
"x-served-by".
"""
import asyncio
import sys

from aioquic.asyncio import QuicConnectionProtocol, serve
from aioquic.h3.connection import H3_ALPN, H3Connection
from aioquic.h3.events import DataReceived, HeadersReceived
from aioquic.quic.configuration import QuicConfiguration


class H3Server(QuicConnectionProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._http = H3Connection(self._quic)
        self._requests = {}

    def quic_event_received(self, event):
        for http_event in self._http.handle_event(event):
            if isinstance(http_event, HeadersReceived):
                headers = dict(http_event.headers)
                self._requests[http_event.stream_id] = (headers, bytearray())
                if http_event.stream_ended:
                    self._answer(http_event.stream_id)
            elif isinstance(http_event, DataReceived):
                self._requests[http_event.stream_id][1].extend(http_event.data)
                if http_event.stream_ended:
                    self._answer(http_event.stream_id)

    def _answer(self, stream_id):
        headers, body = self._requests.pop(stream_id)
        method = headers.get(b":method", b"")
        path = headers.get(b":path", b"")
        if method == b"GET" and path == b"/hello":
            status, content = b"200", b"hello from aioquic"
        elif method == b"POST" and path == b"/echo":
            status, content = b"200", bytes(body)
        elif method == b"GET" and path.startswith(b"/bytes?n="):
            n = int(path[len(b"/bytes?n="):])
            status, content = b"200", (bytes(range(251)) * (n // 251 + 1))[:n]
        else:
            status, content = b"404", b""
        self._http.send_headers(stream_id, [
            (b":status", status),
            (b"content-type", b"text/plain"),
            (b"content-length", str(len(content)).encode()),
            (b"x-served-by", b"aioquic"),
            (b"x-authority", headers.get(b":authority", b"")),
        ])
        self._http.send_data(stream_id, content, end_stream=True)
        self.transmit()


async def main(cert, key):
    configuration = QuicConfiguration(alpn_protocols=H3_ALPN, is_client=False)
    configuration.load_cert_chain(cert, key)
    server = await serve("127.0.0.1", 0, configuration=configuration, create_protocol=H3Server)
    port = server._transport.get_extra_info("sockname")[1]
    print("PORT %d" % port, flush=True)
    await asyncio.Future()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
