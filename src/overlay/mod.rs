//! Moves → pixels: the marks the player sees, drawn on any [`Canvas`]: a screenshot for
//! `advise --out`, or the live overlay (a transparent window or layer surface over the board, or
//! a panel beside the game where the desktop cannot show transparency).

pub mod annotated;
pub mod backend;
pub mod canvas;
pub mod draw;
pub mod font;
#[cfg(target_os = "linux")]
mod layer;
pub mod marks;
mod nudge;
pub mod panel;
pub mod picture;
pub mod premul;
pub mod scene;
#[cfg(target_os = "linux")]
mod stacking;
#[cfg(target_os = "linux")]
mod sway;
pub mod window;

pub use annotated::annotate;
pub use backend::{open_overlay, Overlay, OverlaySender};
pub use canvas::{Canvas, Rgba};
pub use draw::draw_marks;
pub use marks::Marks;
pub use picture::Picture;
pub use scene::{Layout, Scene, ScreenRect};
pub use window::{OverlayError, UiEvent};
