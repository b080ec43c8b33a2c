//! Close codes on a real server over raw TCP: after a WebSocket handshake done by hand, a
//! frame that breaks the protocol gets a Close frame with the code that says how (1007 text
//! that is not UTF-8, 1009 a frame over the size limit, 1002 a malformed frame) before the
//! server ends the connection, and counts as `protocol_violation`; a client that goes without
//! a Close frame (a closed tab, a lost network) does not.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The drop counter of protocol violations in `/metrics`.
const VIOLATIONS: &str = r#"asean_clients_dropped_total{reason="protocol_violation"}"#;

/// The first byte of a frame: FIN and a text opcode.
const TEXT: u8 = 0x81;
/// RSV1 (no extension is negotiated, so it must be clear).
const RSV1: u8 = 0x40;
/// The Close opcode.
const CLOSE: u8 = 0x8;

/// A frame's header: `first` (FIN, RSV and opcode), then the length `len` in the shortest
/// form, with the mask bit when `masked`.
fn head(first: u8, len: usize, masked: bool) -> Vec<u8> {
    let mask_bit = if masked { 0x80 } else { 0 };
    let mut h = vec![first];
    match u16::try_from(len) {
        Ok(n) if n < 126 => h.push(mask_bit | n as u8),
        Ok(n) => {
            h.push(mask_bit | 126);
            h.extend(n.to_be_bytes());
        }
        Err(_) => {
            h.push(mask_bit | 127);
            h.extend((len as u64).to_be_bytes());
        }
    }
    h
}

/// A whole frame; the payload is masked with `mask` when given (as clients must).
fn frame(first: u8, payload: &[u8], mask: Option<[u8; 4]>) -> Vec<u8> {
    let mut f = head(first, payload.len(), mask.is_some());
    match mask {
        Some(key) => {
            f.extend(key);
            f.extend(payload.iter().zip(key.iter().cycle()).map(|(b, k)| b ^ k));
        }
        None => f.extend(payload),
    }
    f
}

const KEY: [u8; 4] = [0x37, 0xfa, 0x21, 0x3d];

/// A WebSocket whose handshake was done by hand, read frame by frame.
struct Raw {
    stream: TcpStream,
    /// Bytes read and not yet taken as a frame.
    buf: Vec<u8>,
}

impl Raw {
    /// Connects to `addr` and upgrades to a WebSocket.
    async fn upgraded(addr: SocketAddr) -> Raw {
        let mut stream = TcpStream::connect(addr).await.expect("connect");
        let request = format!(
            "GET /ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        stream
            .write_all(request.as_bytes())
            .await
            .expect("send the upgrade request");
        let mut raw = Raw {
            stream,
            buf: Vec::new(),
        };
        let end = loop {
            if let Some(i) = raw.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            assert!(
                raw.read_more().await,
                "the connection ended in the handshake"
            );
        };
        let answer = String::from_utf8_lossy(&raw.buf[..end]).into_owned();
        assert!(answer.starts_with("HTTP/1.1 101"), "{answer}");
        raw.buf.drain(..end);
        raw
    }

    async fn send(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).await.expect("send");
    }

    /// Reads more bytes; `false` at the end of the stream (or a reset).
    async fn read_more(&mut self) -> bool {
        let mut chunk = [0u8; 4096];
        let read = tokio::time::timeout(Duration::from_secs(10), self.stream.read(&mut chunk))
            .await
            .expect("the server answers or closes within 10 s");
        match read {
            Ok(0) | Err(_) => false,
            Ok(n) => {
                self.buf.extend_from_slice(&chunk[..n]);
                true
            }
        }
    }

    /// Reads until `n` bytes are buffered; `false` when the stream ends first.
    async fn fill(&mut self, n: usize) -> bool {
        while self.buf.len() < n {
            if !self.read_more().await {
                return false;
            }
        }
        true
    }

    /// The server's next frame (unmasked): its opcode and payload; `None` when the stream
    /// ends first.
    async fn frame(&mut self) -> Option<(u8, Vec<u8>)> {
        if !self.fill(2).await {
            return None;
        }
        assert_eq!(self.buf[1] & 0x80, 0, "a server frame is never masked");
        let (len, at) = match self.buf[1] & 0x7f {
            126 => {
                if !self.fill(4).await {
                    return None;
                }
                (
                    usize::from(u16::from_be_bytes([self.buf[2], self.buf[3]])),
                    4,
                )
            }
            127 => {
                if !self.fill(10).await {
                    return None;
                }
                let mut n = [0u8; 8];
                n.copy_from_slice(&self.buf[2..10]);
                (usize::try_from(u64::from_be_bytes(n)).expect("length"), 10)
            }
            n => (usize::from(n), 2),
        };
        if !self.fill(at + len).await {
            return None;
        }
        let opcode = self.buf[0] & 0x0f;
        let payload = self.buf[at..at + len].to_vec();
        self.buf.drain(..at + len);
        Some((opcode, payload))
    }

    /// The code of the server's Close frame (its text frames before it are passed over);
    /// panics when the connection ends without one, or goes on after it.
    async fn close_code(&mut self) -> u16 {
        let code = loop {
            match self.frame().await {
                Some((CLOSE, p)) => {
                    assert!(p.len() >= 2, "a Close frame without a code");
                    break u16::from_be_bytes([p[0], p[1]]);
                }
                Some((0x1, _)) => {}
                Some((op, _)) => panic!("an unexpected frame of opcode {op:#x}"),
                None => panic!("the connection ended without a Close frame"),
            }
        };
        assert!(
            self.frame().await.is_none(),
            "the server ends the connection after its Close frame"
        );
        code
    }
}

/// What the server answers `bytes` with, on a new connection: its Close code.
async fn close_code_for(addr: SocketAddr, bytes: &[u8]) -> u16 {
    let mut c = Raw::upgraded(addr).await;
    c.send(bytes).await;
    c.close_code().await
}

async fn server() -> common::Server {
    common::Server::start(None, Duration::from_secs(60)).await
}

/// On a new server: `bytes` get the Close code `code` and count as a protocol violation.
async fn closes_with(bytes: &[u8], code: u16) {
    let server = server().await;
    assert_eq!(close_code_for(server.addr, bytes).await, code);
    assert!(common::metric_reaches(server.addr, VIOLATIONS, 1.0).await);
    server.stop().await;
}

#[tokio::test]
async fn a_text_frame_that_is_not_utf8_gets_1007() {
    closes_with(&frame(TEXT, &[b'{', 0xff, 0xfe, b'}'], Some(KEY)), 1007).await;
}

#[tokio::test]
async fn a_frame_over_the_size_limit_gets_1009() {
    // The header of a 64 KiB text frame is enough: the length is refused before the payload
    // is read (so the server leaves nothing unread that would turn its close into a reset).
    let mut bytes = head(TEXT, 64 * 1024, true);
    bytes.extend(KEY);
    closes_with(&bytes, 1009).await;
}

#[tokio::test]
async fn malformed_frames_get_1002() {
    let server = server().await;
    let hello = br#"{"type":"ping"}"#;
    let cases: [(&str, Vec<u8>); 3] = [
        ("an unmasked client frame", frame(TEXT, hello, None)),
        ("a reserved bit set", frame(TEXT | RSV1, hello, Some(KEY))),
        ("a reserved opcode", frame(0x83, hello, Some(KEY))),
    ];
    for (i, (what, bytes)) in cases.iter().enumerate() {
        assert_eq!(close_code_for(server.addr, bytes).await, 1002, "{what}");
        assert!(
            common::metric_reaches(server.addr, VIOLATIONS, (i + 1) as f64).await,
            "{what} counts as a protocol violation"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn a_socket_gone_without_a_close_frame_is_not_a_protocol_violation() {
    let server = server().await;
    let addr = server.addr;
    // A clean end of the stream without a Close frame (FIN), and a reset (RST: SO_LINGER 0),
    // each after the welcome.
    let mut fin = Raw::upgraded(addr).await;
    assert_eq!(fin.frame().await.map(|f| f.0), Some(0x1), "the welcome");
    fin.stream.shutdown().await.expect("shutdown");
    let mut rst = Raw::upgraded(addr).await;
    assert_eq!(rst.frame().await.map(|f| f.0), Some(0x1), "the welcome");
    rst.stream.set_zero_linger().expect("SO_LINGER 0");
    drop(rst);
    // Both are over once the server counts no WebSocket (a drop is counted before that).
    assert!(common::metric_reaches(addr, "asean_connections", 0.0).await);
    drop(fin);
    assert_eq!(common::metric(addr, VIOLATIONS).await, Some(0.0));
    // A real violation after them is counted: the counter is the one that would have moved.
    let bytes = frame(TEXT, b"{}", None);
    assert_eq!(close_code_for(addr, &bytes).await, 1002);
    assert!(common::metric_reaches(addr, VIOLATIONS, 1.0).await);
    server.stop().await;
}
