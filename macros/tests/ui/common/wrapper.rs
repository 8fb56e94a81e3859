// The type the `outline_*` cases outline: a wrapper generic over a const and a type,
// whose erased form is `Erased`. Included by each case (trybuild compiles each file
// on its own).

pub struct Erased;

pub struct Wrapper<const N: usize, K>(Erased, core::marker::PhantomData<K>);

impl<const N: usize, K> Wrapper<N, K> {
    fn erase(self) -> Erased {
        self.0
    }
    fn erase_ref(&self) -> &Erased {
        &self.0
    }
    fn restore(erased: Erased) -> Self {
        Wrapper(erased, core::marker::PhantomData)
    }
}
