//===- Status.h - error values of the runtime (code + message) --*- C++ -*-===//
//
// The runtime never exits or throws across its API: every call that can fail
// returns a Status (or a Result<T>) holding a code and a message meant for
// people. Status codes are the C API's (triton_runtime.h) one to one.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_STATUS_H
#define TRITON_RUNTIME_STATUS_H

#include <optional>
#include <string>
#include <utility>

namespace triton::runtime {

/// What went wrong, coarsely; the message says the rest.
enum class StatusCode {
  Ok = 0,
  /// The caller broke the API's rules (argument count or type, bad spec).
  InvalidArgument = 1,
  /// A cache entry, kernel or tuning record that is not there (cache-only
  /// mode without the entry).
  NotFound = 2,
  /// The compiler refused or failed on a variant.
  CompileError = 3,
  /// libcuda.so.1 cannot be loaded or initialized.
  DriverUnavailable = 4,
  /// A CUDA driver call failed.
  CudaError = 5,
  /// Reading or writing the disk cache failed.
  IoError = 6,
  /// The kernel needs something the runtime does not do (named).
  Unsupported = 7,
  Internal = 8,
};

/// The name of a code, e.g. "invalid argument".
const char *getStatusCodeName(StatusCode code);

/// Success, or a code with a message.
class [[nodiscard]] Status {
public:
  Status() = default;
  Status(StatusCode code, std::string message)
      : code(code), text(std::move(message)) {}

  static Status success() { return Status(); }

  bool ok() const { return code == StatusCode::Ok; }
  explicit operator bool() const { return ok(); }
  StatusCode getCode() const { return code; }
  const std::string &message() const { return text; }
  /// "<code name>: <message>", or "ok".
  std::string toString() const;

  /// Prefixes the message with `context` + ": " (keeps the code).
  Status &addContext(const std::string &context) {
    if (!ok())
      text = context + ": " + text;
    return *this;
  }

private:
  StatusCode code = StatusCode::Ok;
  std::string text;
};

/// A value or the Status saying why there is none.
template <typename T> class [[nodiscard]] Result {
public:
  Result(T value) : value(std::move(value)) {}
  Result(Status error) : error(std::move(error)) {}

  bool ok() const { return value.has_value(); }
  explicit operator bool() const { return ok(); }
  const Status &status() const { return error; }
  T &operator*() { return *value; }
  const T &operator*() const { return *value; }
  T *operator->() { return &*value; }
  const T *operator->() const { return &*value; }
  /// Moves the value out (only when ok()).
  T take() { return std::move(*value); }

private:
  std::optional<T> value;
  Status error;
};

} // namespace triton::runtime

#endif // TRITON_RUNTIME_STATUS_H
