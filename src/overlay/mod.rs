//! Moves → pixels: the marks the player sees, drawn on any [`Canvas`]: a screenshot for
//! `advise --out`, or the live overlay's window.

pub mod canvas;
pub mod draw;
pub mod font;
pub mod marks;

pub use canvas::{Canvas, Rgba};
pub use draw::draw_marks;
pub use marks::Marks;
