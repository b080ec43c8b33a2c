//! The `503` a connection over a cap gets, written without waiting on the client, and a
//! lingering close.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::metrics::RefusedReason;

/// Refused connections that may be answered (a `503` written, then a lingering close) at
/// once; past that a refused connection gets what fits in its socket buffer without waiting,
/// then is closed. Each holds an open file for up to about two seconds.
pub const REFUSALS_IN_FLIGHT: usize = 16;

/// How long writing a `503` to a refused connection may take.
pub(super) const REFUSAL_WRITE_TIMEOUT: Duration = Duration::from_secs(1);

/// How long a refused connection is read from (and the bytes dropped) after its `503`, so
/// that closing it does not reset it and lose the response on the client's side.
pub(super) const REFUSAL_LINGER: Duration = Duration::from_secs(1);

/// Most bytes read from a refused connection during its lingering close.
pub(super) const REFUSAL_DRAIN_MAX: usize = 64 * 1024;

/// `Retry-After` of a `503` for a connection over a cap, in seconds.
pub(super) const RETRY_AFTER_SECS: u32 = 5;

/// The `503` for a connection over a cap.
pub(super) fn refusal_response(reason: RefusedReason) -> String {
    let body = match reason {
        RefusedReason::AddressCap => {
            "503: too many open connections from your address (per-address limit); try again shortly\n"
        }
        _ => "503: the server has too many open connections (total limit); try again shortly\n",
    };
    format!(
        "HTTP/1.1 503 Service Unavailable\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\n\
         Retry-After: {RETRY_AFTER_SECS}\r\n\
         Connection: close\r\n\
         \r\n\
         {body}",
        body.len()
    )
}

/// Writes `response` (within [`REFUSAL_WRITE_TIMEOUT`]), ends the write side, and reads what
/// the client sends until it closes (within [`REFUSAL_LINGER`]) so that the close is a clean
/// one, not a reset that could lose the response.
pub(super) async fn write_refusal(mut stream: TcpStream, response: &str) {
    let written = tokio::time::timeout(REFUSAL_WRITE_TIMEOUT, async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
    if !matches!(written, Ok(Ok(()))) {
        return;
    }
    let _ = tokio::time::timeout(REFUSAL_LINGER, async {
        let mut buffer = [0; 1024];
        let mut drained = 0;
        while drained < REFUSAL_DRAIN_MAX {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(read) => drained += read,
            }
        }
    })
    .await;
}
