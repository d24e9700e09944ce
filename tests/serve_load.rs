//! A load test of the playground on loopback: 8 clients at once, 6,000 requests that mix every
//! route with bad input, over real TCP connections (HTTP/1.1, kept alive). No answer may be an
//! error but the 4xx each bad request expects; the server answers after. It prints the
//! requests per second and the latency percentiles (the README's figures come from
//! `cargo test --release --test serve_load -- --nocapture`); it asserts no time.

#![cfg(feature = "serve")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serde_json::json;
use vdmchess::serve::{serve, Config};

const CLIENTS: usize = 8;
const PER_CLIENT: usize = 750;

/// One keep-alive connection speaking just enough HTTP/1.1.
struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Client {
    fn connect(addr: SocketAddr) -> Client {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream.set_nodelay(true).unwrap();
        Client {
            reader: BufReader::new(stream.try_clone().unwrap()),
            writer: stream,
        }
    }

    /// Sends a request and reads the answer: its status and body.
    fn request(&mut self, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        self.writer.write_all(head.as_bytes()).unwrap();
        self.writer.write_all(body).unwrap();
        let mut line = String::new();
        self.reader.read_line(&mut line).unwrap();
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("status line {line:?}"));
        let mut length = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).unwrap();
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().unwrap();
                }
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).unwrap();
        (status, body)
    }
}

/// The mix: (method, path, body, the status expected).
fn mix() -> Vec<(&'static str, &'static str, Vec<u8>, u16)> {
    let j = |v: serde_json::Value| v.to_string().into_bytes();
    let ruy: Vec<&str> = vec![
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7",
    ];
    vec![
        ("GET", "/", Vec::new(), 200),
        ("GET", "/page.js", Vec::new(), 200),
        ("GET", "/api/config", Vec::new(), 200),
        ("POST", "/api/position", j(json!({ "moves": ruy })), 200),
        (
            "POST",
            "/api/position",
            j(json!({ "fen": "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", "flip": true })),
            200,
        ),
        (
            "POST",
            "/api/play",
            j(json!({ "moves": ruy, "move": "Re1" })),
            200,
        ),
        (
            "POST",
            "/api/play",
            j(json!({ "fen": "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", "move": "O-O" })),
            422,
        ),
        (
            "POST",
            "/api/explain",
            j(json!({ "moves": ruy, "move": "d7d5" })),
            200,
        ),
        (
            "POST",
            "/api/explain",
            j(json!({ "moves": ruy, "move": "Nf3" })),
            200,
        ),
        (
            "POST",
            "/api/svg",
            j(json!({ "arrows": ["e2e4"], "squares": ["e4"] })),
            200,
        ),
        (
            "POST",
            "/api/pgn",
            j(json!({ "pgn": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *" })),
            200,
        ),
        ("POST", "/api/chess960", j(json!({ "n": 123 })), 200),
        (
            "POST",
            "/api/clause",
            j(json!({ "clause": "BoardModule`may_castle" })),
            200,
        ),
        ("POST", "/api/position", b"{\"fen\": ".to_vec(), 400),
        (
            "POST",
            "/api/position",
            j(json!({ "fen": "8/8/8/8 w - - 0 1" })),
            400,
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "fen": "4k3/8/8/8/8/8/8/8 w - - 0 1" })),
            422,
        ),
        ("POST", "/api/play", j(json!({ "move": "e9" })), 400),
        ("POST", "/api/position", vec![b'['; 200_000], 413),
        ("GET", "/nothing", Vec::new(), 404),
        ("PUT", "/api/play", Vec::new(), 405),
    ]
}

#[test]
fn many_clients_at_once_get_their_answers_and_the_server_stays_up() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    runtime.spawn(serve(listener, Config::default()));

    let mix = mix();
    let started = Instant::now();
    let results: Vec<Vec<(u16, u16, Duration)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..CLIENTS)
            .map(|c| {
                let mix = &mix;
                scope.spawn(move || {
                    let mut client = Client::connect(addr);
                    let mut out = Vec::with_capacity(PER_CLIENT);
                    for i in 0..PER_CLIENT {
                        let (method, path, body, want) = &mix[(i * 7 + c) % mix.len()];
                        let t = Instant::now();
                        let (status, _) = client.request(method, path, body);
                        out.push((status, *want, t.elapsed()));
                        if status == 413 {
                            // The server closes a connection whose body it refused unread.
                            client = Client::connect(addr);
                        }
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let elapsed = started.elapsed();
    let mut latencies: Vec<Duration> = Vec::new();
    let mut refused = 0;
    for (status, want, latency) in results.into_iter().flatten() {
        assert_eq!(status, want, "an answer other than the expected one");
        assert!(status < 500);
        if status >= 400 {
            refused += 1;
        }
        latencies.push(latency);
    }
    let n = latencies.len();
    assert_eq!(n, CLIENTS * PER_CLIENT);
    assert!(refused > 0);
    latencies.sort();
    let at = |p: f64| latencies[((n as f64 * p) as usize).min(n - 1)];
    println!(
        "serve load: {n} requests ({refused} refused with the expected 4xx) from {CLIENTS} clients in {:.2} s: {:.0} requests/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        elapsed.as_secs_f64(),
        n as f64 / elapsed.as_secs_f64(),
        at(0.50).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        latencies[n - 1].as_secs_f64() * 1e3,
    );
    // Still alive, and still right.
    let mut client = Client::connect(addr);
    let (status, body) = client.request("POST", "/api/position", br#"{"moves":["e2e4","e7e5"]}"#);
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}
