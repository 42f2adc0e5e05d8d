//! The pages, catalogs and rules are embedded with `include_dir!`, which cargo does not watch:
//! rebuild when they change.
fn main() {
    println!("cargo:rerun-if-changed=assets");
    println!("cargo:rerun-if-changed=../../docs/rules");
}
