//===- Json.h - a small JSON reader/writer for kernel metadata --*- C++ -*-===//
//
// Just enough JSON for the `<kernel>.json` metadata the compiler writes
// (docs/target.md) and for the runtime's own records: objects, arrays,
// strings, numbers (integers kept exactly), booleans, null. The core runtime
// builds without LLVM, so it cannot use llvm::json.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_JSON_H
#define TRITON_RUNTIME_JSON_H

#include "Runtime/Status.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace triton::runtime {

/// One JSON value.
class JsonValue {
public:
  enum class Kind { Null, Bool, Integer, Real, String, Array, Object };

  JsonValue() = default;
  static JsonValue boolean(bool value);
  static JsonValue integer(int64_t value);
  static JsonValue real(double value);
  static JsonValue string(std::string value);
  static JsonValue array() { return JsonValue(Kind::Array); }
  static JsonValue object() { return JsonValue(Kind::Object); }

  Kind getKind() const { return kind; }
  bool isObject() const { return kind == Kind::Object; }
  bool isArray() const { return kind == Kind::Array; }
  bool isString() const { return kind == Kind::String; }
  bool isInteger() const { return kind == Kind::Integer; }

  bool getBool() const { return boolValue; }
  int64_t getInteger() const { return intValue; }
  /// An integer or a real as double.
  double getNumber() const {
    return kind == Kind::Integer ? double(intValue) : realValue;
  }
  const std::string &getString() const { return stringValue; }
  const std::vector<JsonValue> &getArray() const { return elements; }
  std::vector<JsonValue> &getArray() { return elements; }
  /// Members in key order.
  const std::map<std::string, JsonValue> &getObject() const { return members; }

  /// The member `key` of an object, or nullptr.
  const JsonValue *find(const std::string &key) const;
  /// Sets member `key` of an object.
  void set(const std::string &key, JsonValue value) {
    members[key] = std::move(value);
  }
  /// Appends to an array.
  void push(JsonValue value) { elements.push_back(std::move(value)); }

  /// Compact JSON text, keys sorted.
  std::string print() const;

private:
  explicit JsonValue(Kind kind) : kind(kind) {}
  void printTo(std::string &out) const;

  Kind kind = Kind::Null;
  bool boolValue = false;
  int64_t intValue = 0;
  double realValue = 0;
  std::string stringValue;
  std::vector<JsonValue> elements;
  std::map<std::string, JsonValue> members;
};

/// Parses `text`; the error names the byte offset and what was expected.
Result<JsonValue> parseJson(std::string_view text);

} // namespace triton::runtime

#endif // TRITON_RUNTIME_JSON_H
