#!/usr/bin/env python3
"""A real SMTP server for tests (aiosmtpd): writes each message it receives to
DIR/<n>.eml and prints 'READY <port>' once it listens.

usage: smtp_catcher.py DIR [PORT]   (PORT 0 or absent: a free port)
"""
import asyncio
import os
import socket
import sys

from aiosmtpd.controller import Controller


class Saver:
    def __init__(self, folder):
        self.folder = folder
        self.n = 0

    async def handle_DATA(self, server, session, envelope):
        self.n += 1
        path = os.path.join(self.folder, f"{self.n:04d}.eml")
        tmp = path + ".part"
        with open(tmp, "wb") as f:
            f.write(b"X-Rcpt-To: " + ",".join(envelope.rcpt_tos).encode() + b"\r\n")
            f.write(envelope.content if isinstance(envelope.content, bytes) else envelope.content.encode())
        os.replace(tmp, path)
        return "250 Message accepted for delivery"


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def main():
    folder = sys.argv[1]
    port = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] != "0" else free_port()
    os.makedirs(folder, exist_ok=True)
    c = Controller(Saver(folder), hostname="127.0.0.1", port=port)
    c.start()
    print(f"READY {port}", flush=True)
    try:
        asyncio.get_event_loop().run_until_complete(asyncio.Event().wait())
    except KeyboardInterrupt:
        pass
    finally:
        c.stop()


if __name__ == "__main__":
    main()
