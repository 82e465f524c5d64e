//! Links the `minehint` binary with packed relative relocations where the system can load them.
//!
//! A position-independent executable carries one 24-byte relocation for every pointer in its
//! data (vtables, string tables, the inference runtime's operator registry): 1.16 MB of the
//! 19.9 MB release binary on 2026-12-05. The linker's `-z pack-relative-relocs` writes them as
//! a bitmap (`DT_RELR`) of a few kilobytes instead, with the same addresses at run time. The
//! loader must know the format: glibc 2.36 or later, and the linker marks the binary as needing
//! it, so a binary linked with the flag against an older glibc would not start. So before asking
//! for it, this links and runs a small C program with the flag, with the C compiler that links
//! Rust binaries here; where any step fails (an older linker or glibc, another system, a
//! cross-compile that cannot run what it builds) the binary is linked as before. Setting
//! `MINEHINT_PLAIN_RELOCS=1` skips the probe and the flag.

use std::env;
use std::path::PathBuf;
use std::process::Command;

const FLAG: &str = "-Wl,-z,pack-relative-relocs";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=MINEHINT_PLAIN_RELOCS");
    println!("cargo:rerun-if-env-changed=CC");
    if env::var_os("MINEHINT_PLAIN_RELOCS").is_some_and(|v| v == "1") {
        return;
    }
    let linux_gnu = env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    // The probe runs what it links, so only for the machine the build runs on.
    let native = env::var("HOST").ok() == env::var("TARGET").ok();
    if linux_gnu && native && probe_runs() {
        println!("cargo:rustc-link-arg-bins={FLAG}");
    }
}

/// Whether a position-independent C program linked with [`FLAG`] links and runs.
fn probe_runs() -> bool {
    let Some(out) = env::var_os("OUT_DIR").map(PathBuf::from) else {
        return false;
    };
    let source = out.join("relr_probe.c");
    let program = out.join("relr_probe");
    // A pointer in initialised data, so the program has a relative relocation to pack.
    let text = "static const char *greeting = \"probe\";\nint main(void) { return greeting[0] == 'p' ? 0 : 1; }\n";
    if std::fs::write(&source, text).is_err() {
        return false;
    }
    let cc = env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let linked = Command::new(cc)
        .args(["-fPIE", "-pie", FLAG, "-o"])
        .arg(&program)
        .arg(&source)
        .output()
        .is_ok_and(|o| o.status.success() && o.stderr.is_empty());
    linked && Command::new(&program).status().is_ok_and(|s| s.success())
}
