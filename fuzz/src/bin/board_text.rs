//! AFL++ target: `minehint::fuzzing::board_text` on every input.

fn main() {
    afl::fuzz!(|data: &[u8]| {
        minehint::fuzzing::board_text(data);
    });
}
