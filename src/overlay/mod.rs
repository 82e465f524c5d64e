//! Moves → pixels: the marks the player sees, drawn on any [`Canvas`]: a screenshot for
//! `advise --out`, or the live overlay's window (a transparent window over the board, or a panel
//! beside the game where the desktop cannot show transparency).

pub mod canvas;
pub mod draw;
pub mod font;
pub mod marks;
pub mod panel;
pub mod premul;
pub mod scene;
#[cfg(target_os = "linux")]
mod stacking;
#[cfg(target_os = "linux")]
mod sway;
pub mod window;

pub use canvas::{Canvas, Rgba};
pub use draw::draw_marks;
pub use marks::Marks;
pub use scene::{Layout, Scene, ScreenRect};
pub use window::{overlay_event_loop, run_overlay, OverlayError, UiEvent};
