"""Prints the QUIC transport parameters an HTTP/3 server sends, as aioquic reads them.

usage: transport_parameters.py HOST PORT

Opens one QUIC connection (ALPN h3, any certificate trusted), and prints one line 'NAME VALUE' for each transport
parameter of the server (RFC 9000 section 18.2), e.g. 'disable_active_migration True'.
"""
import asyncio
import ssl
import sys
from dataclasses import fields

from aioquic.asyncio.client import connect
from aioquic.buffer import Buffer
from aioquic.h3.connection import H3_ALPN
from aioquic.quic import connection
from aioquic.quic.configuration import QuicConfiguration
from aioquic.quic.packet import pull_quic_transport_parameters

received = []
parse = connection.QuicConnection._parse_transport_parameters


def keep(self, data, from_session_ticket=False):
    received.append(pull_quic_transport_parameters(Buffer(data=data)))
    return parse(self, data, from_session_ticket)


connection.QuicConnection._parse_transport_parameters = keep


async def main(host, port):
    configuration = QuicConfiguration(is_client=True, alpn_protocols=H3_ALPN, verify_mode=ssl.CERT_NONE)
    async with connect(host, port, configuration=configuration) as protocol:
        await asyncio.wait_for(protocol.ping(), 10)
    for parameter in fields(received[0]):
        print(parameter.name, getattr(received[0], parameter.name))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
