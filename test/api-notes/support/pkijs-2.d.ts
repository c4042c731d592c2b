// pkijs 2.x ships no type definitions; the claims about it reach its classes untyped.
declare module 'pkijs-2.4.0';
