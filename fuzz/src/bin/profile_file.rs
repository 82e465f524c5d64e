//! AFL++ target: `minehint::fuzzing::profile_file` on every input.

fn main() {
    afl::fuzz!(|data: &[u8]| {
        minehint::fuzzing::profile_file(data);
    });
}
