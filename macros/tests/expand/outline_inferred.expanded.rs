pub struct Grid<const D: usize, K: Kind = Real> {
    bridge: Bridge,
    kind: PhantomData<K>,
}
impl<const D: usize, K: Kind> Grid<D, K> {
    #[doc(hidden)]
    #[inline]
    #[allow(dead_code)]
    pub(crate) fn __seam_erase(self) -> Bridge {
        self.bridge
    }
    #[doc(hidden)]
    #[inline]
    #[allow(dead_code)]
    pub(crate) fn __seam_erase_ref(&self) -> &Bridge {
        &self.bridge
    }
    #[doc(hidden)]
    #[inline]
    #[allow(dead_code)]
    pub(crate) fn __seam_erase_mut(&mut self) -> &mut Bridge {
        &mut self.bridge
    }
    #[doc(hidden)]
    #[inline]
    #[allow(dead_code)]
    #[track_caller]
    pub(crate) fn __seam_restore(__seam_erased: Bridge) -> Self {
        ::core::debug_assert!(
            __seam_erased.rank() == D,
            "`Grid` restored from an erased value whose `rank()` is {:?}, not `D` = {:?}: an outlined body returned a value of another type than its signature says",
            __seam_erased.rank(), D,
        );
        ::core::debug_assert!(
            __seam_erased.tag() == K::TAG,
            "`Grid` restored from an erased value whose `tag()` is {:?}, not `K::TAG` = {:?}: an outlined body returned a value of another type than its signature says",
            __seam_erased.tag(), K::TAG,
        );
        Self {
            bridge: __seam_erased,
            kind: ::core::marker::PhantomData,
        }
    }
}
#[doc(hidden)]
macro_rules! __seam_outline_protocol_Grid {
    ([$pound:tt] { $($extra:tt)* } $($item:tt)*) => {
        $pound [::seam_macros::outline(erased = Bridge, erase = __seam_erase, erase_ref =
        __seam_erase_ref, erase_mut = __seam_erase_mut, restore = __seam_restore, D =
        rank, K::TAG : Tag = tag, __seam_declared_on_type, $($extra)*)] $($item)*
    };
}
#[doc(hidden)]
#[allow(unused_imports)]
pub(crate) use __seam_outline_protocol_Grid as Grid;
Grid! {
    [#] {} impl < const D : usize, K : Kind > Grid < D, K > { #[doc =
    " A grid of `dims`."] pub fn zeros(dims : [usize; D]) -> Self { Bridge { dims, tag :
    K::TAG } } #[doc =
    " Every dim doubled, in place (`&mut self` is a `&mut Bridge` in the body)."] pub fn
    grow(& mut self) { self.dims.iter_mut().for_each(| d | * d *= 2); } #[doc =
    " The dims, as an array again."] pub fn dims(& self) -> [usize; D] { self.dims
    .clone() } }
}
