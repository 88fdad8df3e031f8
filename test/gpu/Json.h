//===- Json.h - A small JSON reader for the kernel metadata files ---------===//
//
// Enough JSON for <kernel>.json (docs/gpu-testing.md): objects, arrays,
// strings (with the usual escapes), numbers, true/false/null. Parse errors
// throw std::runtime_error naming the byte offset.
//
//===----------------------------------------------------------------------===//

#ifndef TEST_GPU_JSON_H
#define TEST_GPU_JSON_H

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gpu_test {

/// One JSON value. Numbers keep their double value; integers up to 2^53 are
/// exact, which covers every count and size in the metadata.
struct Json {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Json> array;
  std::map<std::string, Json> object;

  /// The member `key` of an object; throws if this is not an object or the
  /// key is missing.
  const Json &at(const std::string &key) const;
  bool has(const std::string &key) const;
  /// The value as an integer; throws unless it is an integral number.
  int64_t asInt() const;
  /// The value as a string; throws unless it is a string.
  const std::string &asString() const;
};

/// Parses `text` as one JSON value (surrounding whitespace allowed).
Json parseJson(const std::string &text);

/// Reads and parses the file at `path`; throws on I/O or parse errors.
Json readJsonFile(const std::string &path);

} // namespace gpu_test

#endif // TEST_GPU_JSON_H
