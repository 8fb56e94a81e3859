use seam_macros::opaque;
use std::rc::Rc;

#[opaque(Clone, Send, Sync)]
pub struct Shared(Rc<u32>);

fn main() {}
