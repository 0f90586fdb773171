"""What the benchmark servers share: serving on a free loopback port until standard input closes."""
import asyncio
import signal
import sys
import threading


def run(serve, backlog=256, host="127.0.0.1", tls=None):
    """Serves connections with `serve(reader, writer)` on `host` (127.0.0.1 by default), over
    TLS with the `ssl.SSLContext` `tls` when given, printing the port on the first line of
    standard output. Closing standard input stops the server, so a benchmark that dies leaves
    nothing running."""
    # The benchmark blocks signals in its threads and children inherit the mask: unblock
    # SIGTERM so that terminating the server works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])

    async def main():
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        server = await asyncio.start_server(serve, host, 0, backlog=backlog, ssl=tls)
        print(server.sockets[0].getsockname()[1], flush=True)
        threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set)), daemon=True).start()
        async with server:
            await stop.wait()

    asyncio.run(main())
