func.func @f() {
  "mine.op"() {note = 1} : () -> ()
  return
}
ure.program @p {
  ure.func @f(i) -> f32
}
