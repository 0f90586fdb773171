"""A network with latency for the benchmarks: two network namespaces, a client's and a server's,
joined by a relay that holds every IP packet for DELAY milliseconds on its way, SYNs and
handshakes included, as `tc qdisc add dev ... netem delay` would (this machine's kernel has no
netem, so the relay does it in user space, through a TUN device in each namespace).

  latency_link.py [--delay-ms 20] --server "COMMAND" -- CLIENT COMMAND...

Runs the server command in the server's namespace (10.213.0.2; it prints its port on its first
line, as the benchmark servers do, and stops when its standard input closes), then the client
command in the client's namespace (10.213.0.1), with {port} in its arguments replaced by the
server's port, and exits with the client's status. The namespaces are made anew and removed at the
end, whatever happens. Needs root (ip netns, /dev/net/tun)."""
import argparse
import collections
import fcntl
import os
import select
import shlex
import struct
import subprocess
import sys
import threading
import time

CLIENT, SERVER = "courier-latency-client", "courier-latency-server"
CLIENT_ADDRESS, SERVER_ADDRESS = "10.213.0.1", "10.213.0.2"
TUNSETIFF, IFF_TUN, IFF_NO_PI = 0x400454CA, 0x0001, 0x1000


def ip(*arguments, check=True):
    subprocess.run(["ip", *arguments], check=check, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def tun(name):
    """A TUN device of this process (it goes away with the descriptor), made in this namespace."""
    descriptor = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(descriptor, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    return descriptor


def remove_namespaces():
    for namespace in (CLIENT, SERVER):
        ip("netns", "del", namespace, check=False)


def make_link():
    """The two namespaces, each with a TUN device whose peer is the other's address; returns the
    devices' descriptors (client side, server side)."""
    remove_namespaces()
    devices = []
    for namespace, device, address, peer in ((CLIENT, "clat0", CLIENT_ADDRESS, SERVER_ADDRESS),
                                             (SERVER, "slat0", SERVER_ADDRESS, CLIENT_ADDRESS)):
        ip("netns", "add", namespace)
        ip("-n", namespace, "link", "set", "lo", "up")
        devices.append(tun(device))
        # The device keeps its descriptor when it moves to the namespace.
        ip("link", "set", device, "netns", namespace)
        ip("-n", namespace, "addr", "add", f"{address}/32", "peer", f"{peer}/32", "dev", device)
        ip("-n", namespace, "link", "set", device, "up")
    return devices


def relay(client_device, server_device, delay, stop):
    """Moves each packet from one device to the other `delay` seconds after it came out: a queue
    per direction, which a constant delay keeps in order."""
    queues = {client_device: collections.deque(), server_device: collections.deque()}
    other = {client_device: server_device, server_device: client_device}
    while not stop.is_set():
        now = time.monotonic()
        due = [queue[0][0] for queue in queues.values() if queue]
        timeout = max(0.0, min(due) - now) if due else 0.05
        readable, _, _ = select.select([client_device, server_device], [], [], min(timeout, 0.05))
        now = time.monotonic()
        for device in readable:
            while True:
                try:
                    packet = os.read(device, 65536)
                except BlockingIOError:
                    break
                queues[device].append((now + delay, packet))
        for device, queue in queues.items():
            while queue and queue[0][0] <= time.monotonic():
                _, packet = queue.popleft()
                try:
                    os.write(other[device], packet)
                except OSError:
                    pass  # a full queue drops the packet, as a link would


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--delay-ms", type=float, default=20)
    parser.add_argument("--server", required=True)
    parser.add_argument("client", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    client_command = arguments.client[1:] if arguments.client[:1] == ["--"] else arguments.client
    stop = threading.Event()
    server = None
    try:
        client_device, server_device = make_link()
        thread = threading.Thread(target=relay, args=(client_device, server_device, arguments.delay_ms / 1000, stop), daemon=True)
        thread.start()
        server = subprocess.Popen(["ip", "netns", "exec", SERVER, *shlex.split(arguments.server)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = server.stdout.readline().strip()
        if not port.isdigit():
            sys.exit(f"error: the server printed {port!r} instead of its port")
        command = [part.replace("{port}", port) for part in client_command]
        status = subprocess.run(["ip", "netns", "exec", CLIENT, *command]).returncode
        sys.exit(status)
    finally:
        stop.set()
        if server is not None:
            server.stdin.close()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        remove_namespaces()


if __name__ == "__main__":
    main()
