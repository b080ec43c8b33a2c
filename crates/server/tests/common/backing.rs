//! A fresh PostgreSQL database and cluster name on the private servers `cargo xtask test` (and
//! `cargo xtask bench-lobby`) start: shared by the cluster tests and the benchmarks.

/// The value of the environment variable `name`, which the xtask sets; a clear panic otherwise.
pub fn env(name: &str, what: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| {
        panic!(
            "{name} is not set: this needs {what}. Run it through `cargo xtask test` (or \
             `cargo xtask bench-lobby`), which starts private servers and sets it."
        )
    })
}

/// A database of its own on the PostgreSQL server of `ASEAN_TEST_POSTGRES`, named
/// `<prefix>_<12 random hex digits>`: its URL and its name (also a good cluster name).
pub async fn fresh_database(prefix: &str) -> (String, String) {
    let admin = env("ASEAN_TEST_POSTGRES", "PostgreSQL");
    let mut b = [0u8; 6];
    getrandom::fill(&mut b).expect("random");
    let name = format!("{prefix}_{}", hex::encode(b));
    let (client, conn) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
        .await
        .expect("connect to the test PostgreSQL");
    tokio::spawn(conn);
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create the database");
    let Some((base, _)) = admin.rsplit_once('/') else {
        panic!("ASEAN_TEST_POSTGRES has no database part: {admin}");
    };
    (format!("{base}/{name}"), name)
}
