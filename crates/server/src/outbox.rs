//! What waits to be written to one client: a queue of JSON text frames bounded in bytes.
//!
//! Rooms and the connection put frames in with [`Outbox::send`] (never waiting); the
//! connection's writer takes them out with [`OutboxReader::next`]. When the frames waiting
//! exceed the bound (a client that stopped reading), the outbox closes with
//! [`Overflow`]: every later send is refused, and the writer sees `None` and ends the
//! connection. A frame is serialised once and shared (reference-counted) by every outbox it
//! goes to.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use protocol::ServerMsg;
use tokio::sync::Notify;

/// The default bound of one client's outbox, in bytes of JSON waiting to be written.
pub const DEFAULT_OUTBOX_BYTES: usize = 256 * 1024;

/// A serialised server message, cheap to clone.
pub type Frame = Utf8Bytes;

/// Serialises a message once, for one or many outboxes.
#[must_use]
pub fn frame(msg: &ServerMsg) -> Frame {
    Utf8Bytes::from(msg.to_json())
}

#[derive(Debug, Default)]
struct Queue {
    frames: VecDeque<Frame>,
    bytes: usize,
}

#[derive(Debug)]
struct Inner {
    queue: Mutex<Queue>,
    limit: usize,
    closed: AtomicBool,
    overflowed: AtomicBool,
    moved: AtomicBool,
    ready: Notify,
}

/// The sending side of a client's outbox (cloned into every room the client joined).
#[derive(Debug, Clone)]
pub struct Outbox {
    inner: Arc<Inner>,
}

/// The writer's side of an outbox.
#[derive(Debug)]
pub struct OutboxReader {
    inner: Arc<Inner>,
}

/// The outbox went over its bound: the client is not reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

impl Outbox {
    /// A new outbox holding at most `limit_bytes` of frames.
    #[must_use]
    pub fn new(limit_bytes: usize) -> (Outbox, OutboxReader) {
        let inner = Arc::new(Inner {
            queue: Mutex::new(Queue::default()),
            limit: limit_bytes,
            closed: AtomicBool::new(false),
            overflowed: AtomicBool::new(false),
            moved: AtomicBool::new(false),
            ready: Notify::new(),
        });
        (
            Outbox {
                inner: inner.clone(),
            },
            OutboxReader { inner },
        )
    }

    /// Queues `msg`; `false` when the outbox is closed (the client is gone or over its bound).
    pub fn send(&self, msg: &ServerMsg) -> bool {
        self.send_frame(frame(msg))
    }

    /// Queues a serialised frame; `false` when the outbox is closed. A frame that takes the
    /// queue past its bound closes the outbox instead (see [`OutboxReader::overflowed`]).
    pub fn send_frame(&self, frame: Frame) -> bool {
        if self.is_closed() {
            return false;
        }
        let Ok(mut q) = self.inner.queue.lock() else {
            return false;
        };
        if q.bytes + frame.len() > self.inner.limit && !q.frames.is_empty() {
            q.frames.clear();
            q.bytes = 0;
            drop(q);
            self.inner.overflowed.store(true, Ordering::Release);
            self.close();
            return false;
        }
        q.bytes += frame.len();
        q.frames.push_back(frame);
        drop(q);
        self.inner.ready.notify_one();
        true
    }

    /// `true` when both are the same outbox.
    #[must_use]
    pub fn same_as(&self, other: &Outbox) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// `true` once the outbox is closed.
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.inner.closed.load(Ordering::Acquire)
    }

    /// Closes the outbox: later sends are refused, the writer ends after what is queued.
    pub fn close(&self) {
        self.inner.closed.store(true, Ordering::Release);
        self.inner.ready.notify_one();
    }

    /// Closes the outbox because a room of the client moved to another node: the connection
    /// ends after what is queued, telling the client to reconnect (see
    /// [`OutboxReader::moved`]).
    pub fn close_to_reconnect(&self) {
        self.inner.moved.store(true, Ordering::Release);
        self.close();
    }
}

impl OutboxReader {
    /// The next frame to write; `None` once the outbox is closed and drained (an overflowed
    /// outbox is dropped at once, not drained).
    pub async fn next(&mut self) -> Option<Frame> {
        loop {
            let notified = self.inner.ready.notified();
            {
                let mut q = self.inner.queue.lock().ok()?;
                if self.inner.overflowed.load(Ordering::Acquire) {
                    return None;
                }
                if let Some(f) = q.frames.pop_front() {
                    q.bytes -= f.len();
                    return Some(f);
                }
                if self.inner.closed.load(Ordering::Acquire) {
                    return None;
                }
            }
            notified.await;
        }
    }

    /// The next frame if one is queued now (never waits).
    pub fn try_next(&mut self) -> Option<Frame> {
        let mut q = self.inner.queue.lock().ok()?;
        if self.inner.overflowed.load(Ordering::Acquire) {
            return None;
        }
        let f = q.frames.pop_front()?;
        q.bytes -= f.len();
        Some(f)
    }

    /// `true` when the outbox was closed with [`Outbox::close_to_reconnect`].
    #[must_use]
    pub fn moved(&self) -> bool {
        self.inner.moved.load(Ordering::Acquire)
    }

    /// `Err(Overflow)` when the outbox closed because the client stopped reading.
    ///
    /// # Errors
    /// [`Overflow`] when the bound was exceeded.
    pub fn overflowed(&self) -> Result<(), Overflow> {
        if self.inner.overflowed.load(Ordering::Acquire) {
            Err(Overflow)
        } else {
            Ok(())
        }
    }

    /// Bytes waiting now.
    #[must_use]
    pub fn queued_bytes(&self) -> usize {
        self.inner.queue.lock().map_or(0, |q| q.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn frames_flow_in_order_until_closed() {
        let (tx, mut rx) = Outbox::new(1024);
        assert!(tx.send(&ServerMsg::Pong));
        assert!(tx.send_frame("two".into()));
        assert_eq!(rx.next().await.as_deref(), Some(r#"{"type":"pong"}"#));
        assert_eq!(rx.next().await.as_deref(), Some("two"));
        assert_eq!(rx.queued_bytes(), 0);
        tx.close();
        assert!(!tx.send(&ServerMsg::Pong));
        assert_eq!(rx.next().await, None);
        assert_eq!(rx.overflowed(), Ok(()));
    }

    #[tokio::test]
    async fn a_client_that_does_not_read_overflows_and_is_cut_off() {
        let (tx, mut rx) = Outbox::new(100);
        let sixty: Frame = "x".repeat(60).into();
        assert!(tx.send_frame(sixty.clone()));
        assert_eq!(rx.queued_bytes(), 60);
        // The second frame would make 120 bytes: the outbox closes and drops what it held.
        assert!(!tx.send_frame(sixty.clone()));
        assert!(tx.is_closed());
        assert_eq!(rx.overflowed(), Err(Overflow));
        assert_eq!(rx.next().await, None);
        assert_eq!(rx.queued_bytes(), 0);
    }

    #[tokio::test]
    async fn a_moved_room_closes_after_the_queue_and_says_so() {
        let (tx, mut rx) = Outbox::new(1024);
        assert!(tx.send_frame("one".into()));
        assert!(tx.send_frame("two".into()));
        tx.close_to_reconnect();
        assert!(!tx.send_frame("three".into()));
        assert_eq!(rx.try_next().as_deref(), Some("one"));
        assert_eq!(rx.next().await.as_deref(), Some("two"));
        assert_eq!(rx.try_next(), None);
        assert_eq!(rx.next().await, None);
        assert!(rx.moved());
        assert_eq!(rx.overflowed(), Ok(()));
    }

    #[tokio::test]
    async fn one_frame_larger_than_the_bound_still_goes_to_an_empty_queue() {
        let (tx, mut rx) = Outbox::new(10);
        assert!(tx.send_frame("a long frame".into()));
        assert_eq!(rx.next().await.as_deref(), Some("a long frame"));
    }
}
