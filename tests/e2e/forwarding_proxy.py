"""A tiny reverse proxy on loopback for tests: it passes every request to the server and adds the header a real
proxy adds (``X-Forwarded-For: <visitor>``), so the server sees a visitor from another device although every
packet stays on this machine. WebSocket upgrades are passed through as raw bytes after their first request.

Only what browsers and test clients send is handled: request heads, bodies with ``Content-Length``, keep-alive and
``Upgrade``; the answers are copied back untouched."""

from __future__ import annotations

import socket
import threading


class ForwardingProxy:
    def __init__(self, target_port: int, visitor: str = "198.51.100.7", *, header: str = "X-Forwarded-For") -> None:
        self.target_port, self.visitor, self.header = target_port, visitor, header
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._threads: list[threading.Thread] = []
        self._sockets: list[socket.socket] = []
        self._closed = False
        threading.Thread(target=self._accept, name="test-proxy", daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        self._closed = True
        self._listener.close()
        for sock in list(self._sockets):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def __enter__(self) -> ForwardingProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        try:
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
        except OSError:
            client.close()
            return
        self._sockets += [client, upstream]
        threading.Thread(target=_pipe, args=(upstream, client), daemon=True).start()  # answers: copied as they are
        buffer = b""
        try:
            while True:
                while b"\r\n\r\n" not in buffer:
                    chunk = client.recv(65536)
                    if not chunk:
                        return
                    buffer += chunk
                head, buffer = buffer.split(b"\r\n\r\n", 1)
                lines = head.split(b"\r\n")
                names = {line.split(b":", 1)[0].strip().lower(): line.split(b":", 1)[1].strip()
                         for line in lines[1:] if b":" in line}
                extra = f"{self.header}: {self.visitor}".encode("latin-1")
                upstream.sendall(b"\r\n".join([lines[0], *lines[1:], extra]) + b"\r\n\r\n")
                if b"upgrade" in names:  # a WebSocket: the rest of the connection is raw frames
                    if buffer:
                        upstream.sendall(buffer)
                    _pipe(client, upstream)
                    return
                length = int(names.get(b"content-length", b"0") or 0)
                while len(buffer) < length:
                    chunk = client.recv(65536)
                    if not chunk:
                        return
                    buffer += chunk
                upstream.sendall(buffer[:length])
                buffer = buffer[length:]
        except OSError:
            pass
        finally:
            for sock in (client, upstream):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


def _pipe(source: socket.socket, sink: socket.socket) -> None:
    try:
        while chunk := source.recv(65536):
            sink.sendall(chunk)
    except OSError:
        pass
    finally:
        try:
            sink.shutdown(socket.SHUT_WR)
        except OSError:
            pass
