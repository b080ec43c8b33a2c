//! Tells the tests which private servers they may use: `cfg(asean_test_postgres)` when
//! `ASEAN_TEST_POSTGRES` is set and `cfg(asean_test_redis)` when `ASEAN_TEST_REDIS` is set
//! (`cargo xtask test` sets both). A test that needs a server is ignored without its variable,
//! and fails when the variable is set but the server does not answer.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    for (var, cfg) in [
        ("ASEAN_TEST_POSTGRES", "asean_test_postgres"),
        ("ASEAN_TEST_REDIS", "asean_test_redis"),
    ] {
        println!("cargo::rerun-if-env-changed={var}");
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if std::env::var_os(var).is_some() {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
