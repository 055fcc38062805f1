/// An operator made of `<` only or of `>` only (generic arguments' brackets).
enum AngleRun {
  case open
  case close
}
