use seam_macros::outline;

include!("common/wrapper.rs");

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn by_mut_ref(self, _other: &mut Self) {}

    pub fn shown(self, _label: impl std::fmt::Display) {}

    pub fn once(self, _f: impl FnOnce()) {}

    pub fn cloned<T: Clone>(self, _value: T) {}

    pub fn in_vec<T: Into<f64>>(self, _values: Vec<T>) {}

    pub fn borrowed_own_array(self, _others: &[Self; N]) {}

    pub fn borrowed_into(self, _value: &impl Into<f64>) {}

    pub fn closure_over_kind(self, _f: impl Fn(K) -> f64) {}

    pub fn into_kind(self, _value: impl Into<K>) {}

    pub fn kind(self, _value: Option<K>) {}

    pub fn boxed_other(self, _other: Box<Self>) {}

    pub fn iterator_by_another_name(self, _items: impl IntoIterator<IntoIter = std::vec::IntoIter<f64>>) {}

    pub fn higher_ranked<F>(self, _f: F)
    where
        for<'a> F: Fn(&'a f64),
    {
    }
}

fn main() {}
