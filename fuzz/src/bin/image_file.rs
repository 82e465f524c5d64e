//! AFL++ target: `minehint::fuzzing::image_file` on every input.

fn main() {
    afl::fuzz!(|data: &[u8]| {
        minehint::fuzzing::image_file(data);
    });
}
