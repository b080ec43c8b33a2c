//! The static files of the page (`index.html`, the bundle, icons), served from a directory.
//!
//! [`ServeDir`] answers a missing file with 404 and any other failure to read one with a bare
//! 500, logging every failure. Out of file descriptors (many connections at once) is not a
//! fault of the request nor of the files: it passes, so [`StaticFiles`] answers it with
//! `503 Service Unavailable` and `Retry-After: 1` (a browser or proxy tries again), and logs
//! failures at most once a second with the number of lines left out.
//!
//! Every file is sent with a strong validator, `ETag: "<the first 32 hex digits of the
//! SHA-256 of its content>"`, and a request whose `If-None-Match` names it is answered
//! `304 Not Modified`. `If-Modified-Since` is ignored: `Last-Modified` counts whole seconds,
//! so two builds within one second would look the same to it (and a page would keep a file of
//! the older one). The hashes are remembered by path, `Last-Modified` and length, and only
//! for files last modified at least [`SETTLED`] ago: a file written again later has another
//! `Last-Modified`, so a remembered hash is never a stale one. At most [`MAX_REMEMBERED`]
//! hashes are kept (forgotten all at once past that).

use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{
    CONTENT_ENCODING, CONTENT_LENGTH, ETAG, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED,
    RETRY_AFTER,
};
use axum::http::{HeaderMap, HeaderValue, Method, Response, StatusCode};
use sha2::{Digest, Sha256};
use tokio::time::Instant;
use tower_http::services::ServeDir;

/// How long ago a file must have been last modified for its hash to be remembered: past the
/// one-second grain of `Last-Modified`.
pub const SETTLED: Duration = Duration::from_secs(2);
/// The most hashes remembered (the page has about sixty files).
pub const MAX_REMEMBERED: usize = 1024;
/// The largest file hashed (the page's largest, its wasm bundle, is about 2 MiB); a larger
/// one is sent without an `ETag`.
const MAX_HASHED_BYTES: usize = 64 << 20;

/// The `ETag`s remembered: by path, the `Last-Modified` and `Content-Length` they were made
/// for.
type Remembered = HashMap<String, ((HeaderValue, HeaderValue), HeaderValue)>;

use crate::listen::log::RateLimit;
use crate::listen::out_of_files;

/// The files under one directory; cheap to clone (clones share the log's rate limit).
#[derive(Clone)]
pub struct StaticFiles {
    dir: ServeDir,
    log: Arc<RateLimit>,
    etags: Arc<Mutex<Remembered>>,
}

impl std::fmt::Debug for StaticFiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StaticFiles")
    }
}

impl StaticFiles {
    /// The files under `root` (a directory serves its `index.html`).
    pub fn new(root: &Path) -> StaticFiles {
        StaticFiles {
            dir: ServeDir::new(root).append_index_html_on_directories(true),
            log: Arc::new(RateLimit::new()),
            etags: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// Answers `request` (GET or HEAD; other methods get 405): the file with its `ETag`, 304
    /// when `If-None-Match` names it, 404 when there is none, 503 when the process is out of
    /// file descriptors, 500 on another read error.
    pub async fn serve(&self, mut request: Request) -> Response<Body> {
        let mut dir = self.dir.clone();
        request.headers_mut().remove(IF_MODIFIED_SINCE);
        let path = request.uri().path().to_owned();
        let head = request.method() == Method::HEAD;
        let asked = request.headers().get(IF_NONE_MATCH).cloned();
        match dir.try_call(request).await {
            Ok(response) => {
                let response = self.tag(&path, head, response.map(Body::new)).await;
                match (response.headers().get(ETAG), asked) {
                    (Some(etag), Some(asked)) if names(&asked, etag) => not_modified(&response),
                    _ => response,
                }
            }
            Err(error) => {
                if let Some(suppressed) = self.log.allow(Instant::now()) {
                    tracing::warn!(%error, suppressed, "a static file could not be read");
                }
                failure_response(&error)
            }
        }
    }
}

impl StaticFiles {
    /// `response` (a file's, for `path`) with its `ETag`: the remembered one, else the hash
    /// of its content (not for a HEAD, which has none: its `ETag` comes once a GET made it).
    async fn tag(&self, path: &str, head: bool, response: Response<Body>) -> Response<Body> {
        if response.status() != StatusCode::OK {
            return response;
        }
        let headers = response.headers();
        let (Some(modified), Some(length)) = (
            headers.get(LAST_MODIFIED).cloned(),
            headers.get(CONTENT_LENGTH).cloned(),
        ) else {
            return response;
        };
        let key = (modified, length);
        let known = lock(&self.etags)
            .get(path)
            .filter(|(k, _)| *k == key)
            .map(|(_, etag)| etag.clone());
        if let Some(etag) = known {
            let mut response = response;
            response.headers_mut().insert(ETAG, etag);
            return response;
        }
        if head {
            return response;
        }
        let (mut parts, body) = response.into_parts();
        let bytes = match axum::body::to_bytes(body, MAX_HASHED_BYTES).await {
            Ok(b) => b,
            Err(e) => {
                tracing::warn!(path, "a static file not read whole: {e}");
                return failure_response(&io::Error::other(e.to_string()));
            }
        };
        let digest = hex::encode(Sha256::digest(&bytes));
        if let Ok(etag) = HeaderValue::from_str(&format!("\"{}\"", &digest[..32])) {
            if settled(&key.0, SystemTime::now()) {
                let mut etags = lock(&self.etags);
                if etags.len() >= MAX_REMEMBERED {
                    etags.clear();
                }
                etags.insert(path.to_owned(), (key, etag.clone()));
            }
            parts.headers.insert(ETAG, etag);
        }
        Response::from_parts(parts, Body::from(bytes))
    }
}

/// The remembered hashes, even after a panic while they were held (a map is never half
/// written).
fn lock(m: &Mutex<Remembered>) -> std::sync::MutexGuard<'_, Remembered> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether a file last modified at `modified` (an HTTP date) was so at least [`SETTLED`]
/// before `now`.
fn settled(modified: &HeaderValue, now: SystemTime) -> bool {
    modified
        .to_str()
        .ok()
        .and_then(|t| httpdate::parse_http_date(t).ok())
        .is_some_and(|t| t + SETTLED <= now)
}

/// Whether the `If-None-Match` value `asked` names `etag` (weak comparison, as RFC 9110
/// wants for it; `*` names any).
fn names(asked: &HeaderValue, etag: &HeaderValue) -> bool {
    let Ok(asked) = asked.to_str() else {
        return false;
    };
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_owned();
    let etag = etag.to_str().map(bare).unwrap_or_default();
    asked.split(',').any(|t| t.trim() == "*" || bare(t) == etag)
}

/// `304 Not Modified` for `full`: its validators and caching headers, no body.
fn not_modified(full: &Response<Body>) -> Response<Body> {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::NOT_MODIFIED;
    let keep = |h: &HeaderMap, out: &mut HeaderMap| {
        for name in [ETAG, LAST_MODIFIED, axum::http::header::CACHE_CONTROL] {
            if let Some(v) = h.get(&name) {
                out.insert(name, v.clone());
            }
        }
    };
    keep(full.headers(), response.headers_mut());
    response
}

/// Makes a strong `ETag` weak on a response sent compressed (`Content-Encoding`): the hash is
/// of the file as it is, not of the bytes sent (as other servers do it); `If-None-Match` is
/// compared weakly, so the validator still works.
pub async fn weak_etag_when_encoded<B>(mut response: Response<B>) -> Response<B> {
    if response.headers().contains_key(CONTENT_ENCODING)
        && let Some(etag) = response.headers().get(ETAG)
        && let Ok(text) = etag.to_str()
        && !text.starts_with("W/")
        && let Ok(weak) = HeaderValue::from_str(&format!("W/{text}"))
    {
        response.headers_mut().insert(ETAG, weak);
    }
    response
}

/// The answer to a file that could not be read for `error`.
fn failure_response(error: &io::Error) -> Response<Body> {
    let (status, text) = if out_of_files(error) {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: try again in a moment",
        )
    } else {
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            "the file could not be read",
        )
    };
    let mut response = Response::new(Body::from(text));
    *response.status_mut() = status;
    if status == StatusCode::SERVICE_UNAVAILABLE {
        response
            .headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from_static("1"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_descriptors_is_unavailable_for_now_and_other_errors_are_internal() {
        let table = [
            (
                io::Error::from_raw_os_error(rustix::io::Errno::MFILE.raw_os_error()),
                503,
                Some("1"),
            ),
            (
                io::Error::from_raw_os_error(rustix::io::Errno::NFILE.raw_os_error()),
                503,
                Some("1"),
            ),
            (
                io::Error::from_raw_os_error(rustix::io::Errno::IO.raw_os_error()),
                500,
                None,
            ),
            (io::Error::other("disk on fire"), 500, None),
        ];
        for (error, status, retry) in table {
            let r = failure_response(&error);
            assert_eq!(r.status().as_u16(), status, "{error}");
            assert_eq!(
                r.headers().get(RETRY_AFTER).and_then(|v| v.to_str().ok()),
                retry,
                "{error}"
            );
        }
    }

    #[tokio::test]
    async fn a_file_that_cannot_be_read_is_an_internal_error_and_a_missing_one_not_found() {
        let www = tempfile::tempdir().expect("dir");
        // A symbolic link to itself: opening it fails with ELOOP, not "not found".
        std::os::unix::fs::symlink("loop.js", www.path().join("loop.js")).expect("symlink");
        std::fs::write(www.path().join("index.html"), "<!doctype html>").expect("file");
        let files = StaticFiles::new(www.path());
        let get = |path: &str| {
            Request::builder()
                .uri(path)
                .body(Body::empty())
                .expect("request")
        };
        assert_eq!(files.serve(get("/")).await.status(), StatusCode::OK);
        assert_eq!(
            files.serve(get("/missing.js")).await.status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            files.serve(get("/loop.js")).await.status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }

    /// `GET path` with `headers`.
    fn get_with(path: &str, headers: &[(&str, &str)]) -> Request {
        let mut r = Request::builder().uri(path);
        for (k, v) in headers {
            r = r.header(*k, *v);
        }
        r.body(Body::empty()).expect("request")
    }

    #[tokio::test]
    async fn a_file_has_a_hash_etag_that_answers_304_and_two_builds_in_a_second_differ() {
        let www = tempfile::tempdir().expect("dir");
        let file = www.path().join("app.js");
        std::fs::write(&file, "let version = 1;").expect("file");
        let files = StaticFiles::new(www.path());
        let r = files.serve(get_with("/app.js", &[])).await;
        assert_eq!(r.status(), StatusCode::OK);
        let etag = r.headers().get(ETAG).expect("an ETag").clone();
        let digest = hex::encode(Sha256::digest(b"let version = 1;"));
        assert_eq!(
            etag.to_str().ok(),
            Some(format!("\"{}\"", &digest[..32]).as_str())
        );
        let modified = r
            .headers()
            .get(LAST_MODIFIED)
            .expect("Last-Modified")
            .clone();
        let body = axum::body::to_bytes(r.into_body(), 1 << 20)
            .await
            .expect("body");
        assert_eq!(&body[..], b"let version = 1;");

        // Named (alone, in a list, weak): 304 with the validator and no body.
        let tag = etag.to_str().expect("ascii").to_owned();
        for asked in [
            tag.clone(),
            format!("\"x\", {tag}"),
            format!("W/{tag}"),
            "*".into(),
        ] {
            let r = files
                .serve(get_with("/app.js", &[("if-none-match", &asked)]))
                .await;
            assert_eq!(r.status(), StatusCode::NOT_MODIFIED, "{asked}");
            assert_eq!(r.headers().get(ETAG), Some(&etag));
            let body = axum::body::to_bytes(r.into_body(), 1 << 20)
                .await
                .expect("body");
            assert!(body.is_empty());
        }
        // Another build written within the same second, the same length: Last-Modified
        // cannot tell (If-Modified-Since is ignored), the ETag does.
        std::fs::write(&file, "let version = 2;").expect("file");
        let when = httpdate::parse_http_date(modified.to_str().expect("ascii")).expect("date");
        std::fs::File::options()
            .write(true)
            .open(&file)
            .and_then(|f| f.set_modified(when))
            .expect("mtime");
        let r = files
            .serve(get_with(
                "/app.js",
                &[
                    ("if-none-match", &tag),
                    ("if-modified-since", modified.to_str().expect("ascii")),
                ],
            ))
            .await;
        assert_eq!(r.status(), StatusCode::OK);
        assert_eq!(r.headers().get(LAST_MODIFIED), Some(&modified));
        assert_ne!(r.headers().get(ETAG), Some(&etag));
        let body = axum::body::to_bytes(r.into_body(), 1 << 20)
            .await
            .expect("body");
        assert_eq!(&body[..], b"let version = 2;");
        // A HEAD of a file not hashed yet has no ETag; one hashed has it.
        let head = |path: &str| {
            Request::builder()
                .method(Method::HEAD)
                .uri(path)
                .body(Body::empty())
                .expect("request")
        };
        std::fs::write(www.path().join("new.js"), "1").expect("file");
        assert!(
            files
                .serve(head("/new.js"))
                .await
                .headers()
                .get(ETAG)
                .is_none()
        );
        // A file settled long ago is remembered: its HEAD has the ETag.
        let old = www.path().join("old.js");
        std::fs::write(&old, "old").expect("file");
        std::fs::File::options()
            .write(true)
            .open(&old)
            .and_then(|f| f.set_modified(SystemTime::now() - Duration::from_secs(60)))
            .expect("mtime");
        let got = files.serve(get_with("/old.js", &[])).await;
        let tagged = got.headers().get(ETAG).cloned();
        assert!(tagged.is_some());
        assert_eq!(
            files.serve(head("/old.js")).await.headers().get(ETAG),
            tagged.as_ref()
        );
    }

    #[test]
    fn a_compressed_answer_s_etag_is_weak() {
        let mut r = Response::new(());
        r.headers_mut()
            .insert(ETAG, HeaderValue::from_static("\"abc\""));
        r.headers_mut()
            .insert(CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        let r = futures_util::FutureExt::now_or_never(weak_etag_when_encoded(r)).expect("ready");
        assert_eq!(
            r.headers().get(ETAG).and_then(|v| v.to_str().ok()),
            Some("W/\"abc\"")
        );
    }
}
