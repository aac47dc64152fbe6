"""HTTP/3 client on aioquic's H3 API, for the interop test of Brisk's HTTP/3 server.

usage: aioquic_client.py HOST PORT METHOD PATH [BODY_BYTES]

Sends one request (BODY_BYTES bytes of 'x' as its body when given) over a new QUIC connection, trusting any
certificate, and prints one line per fact: 'status N', 'protocol ALPN', 'header NAME VALUE' for each response field,
'length N' and 'body TEXT' (the body decoded as UTF-8). Exits 1 with 'error ...' on a reset stream or a timeout.
"""
import asyncio
import ssl
import sys

from aioquic.asyncio.client import connect
from aioquic.asyncio.protocol import QuicConnectionProtocol
from aioquic.h3.connection import H3_ALPN, H3Connection
from aioquic.h3.events import DataReceived, HeadersReceived
from aioquic.quic.configuration import QuicConfiguration
from aioquic.quic.events import StreamReset


class H3Client(QuicConnectionProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.h3 = H3Connection(self._quic)
        self.pending = {}

    def quic_event_received(self, event):
        if isinstance(event, StreamReset) and event.stream_id in self.pending:
            exchange = self.pending.pop(event.stream_id)
            exchange["done"].set_exception(RuntimeError(f"stream reset, error code {event.error_code}"))
            return
        for h3_event in self.h3.handle_event(event):
            exchange = self.pending.get(getattr(h3_event, "stream_id", None))
            if exchange is None:
                continue
            if isinstance(h3_event, HeadersReceived) and exchange["headers"] is None:
                exchange["headers"] = h3_event.headers
            elif isinstance(h3_event, DataReceived):
                exchange["body"] += h3_event.data
            if getattr(h3_event, "stream_ended", False):
                self.pending.pop(h3_event.stream_id)
                exchange["done"].set_result(exchange)

    async def request(self, method, authority, path, body):
        stream_id = self._quic.get_next_available_stream_id()
        fields = [(b":method", method.encode()), (b":scheme", b"https"), (b":authority", authority.encode()),
                  (b":path", path.encode())]
        if body is not None:
            fields.append((b"content-length", str(len(body)).encode()))
        done = asyncio.get_running_loop().create_future()
        self.pending[stream_id] = {"headers": None, "body": b"", "done": done}
        self.h3.send_headers(stream_id, fields, end_stream=body is None)
        if body is not None:
            self.h3.send_data(stream_id, body, end_stream=True)
        self.transmit()
        return await asyncio.wait_for(done, 10)


async def main(host, port, method, path, body):
    configuration = QuicConfiguration(is_client=True, alpn_protocols=H3_ALPN, verify_mode=ssl.CERT_NONE,
                                      server_name="localhost")
    async with connect(host, port, configuration=configuration, create_protocol=H3Client) as client:
        exchange = await client.request(method, f"localhost:{port}", path, body)
        fields = dict(exchange["headers"])
        print(f"status {fields[b':status'].decode()}")
        print(f"protocol {client._quic.tls.alpn_negotiated}")
        for name, value in exchange["headers"]:
            if not name.startswith(b":"):
                print(f"header {name.decode()} {value.decode()}")
        print(f"length {len(exchange['body'])}")
        print(f"body {exchange['body'].decode('utf-8', 'replace')}")


if __name__ == "__main__":
    size = int(sys.argv[5]) if len(sys.argv) > 5 else None
    try:
        asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4],
                         None if size is None else b"x" * size))
    except Exception as error:  # the test reads the reason from stdout
        print(f"error {type(error).__name__}: {error}")
        sys.exit(1)
