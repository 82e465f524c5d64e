//! AFL++ target: `minehint::fuzzing::stream_line` on every input.

fn main() {
    afl::fuzz!(|data: &[u8]| {
        minehint::fuzzing::stream_line(data);
    });
}
