//===- Json.cpp - a small JSON reader/writer -------------------------------===//
#include "Runtime/Json.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace triton::runtime;

JsonValue JsonValue::boolean(bool value) {
  JsonValue result(Kind::Bool);
  result.boolValue = value;
  return result;
}

JsonValue JsonValue::integer(int64_t value) {
  JsonValue result(Kind::Integer);
  result.intValue = value;
  return result;
}

JsonValue JsonValue::real(double value) {
  JsonValue result(Kind::Real);
  result.realValue = value;
  return result;
}

JsonValue JsonValue::string(std::string value) {
  JsonValue result(Kind::String);
  result.stringValue = std::move(value);
  return result;
}

const JsonValue *JsonValue::find(const std::string &key) const {
  if (kind != Kind::Object)
    return nullptr;
  auto it = members.find(key);
  return it == members.end() ? nullptr : &it->second;
}

namespace {

void printString(const std::string &text, std::string &out) {
  out += '"';
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (c < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
        out += escaped;
      } else {
        out += char(c);
      }
    }
  }
  out += '"';
}

/// Recursive-descent parser over a string_view.
class Parser {
public:
  explicit Parser(std::string_view text) : text(text) {}

  Result<JsonValue> parseDocument() {
    JsonValue value;
    if (!parseValue(value, 0))
      return fail();
    skipSpace();
    if (pos != text.size()) {
      error = "trailing characters";
      return fail();
    }
    return value;
  }

private:
  Status fail() const {
    return Status(StatusCode::InvalidArgument,
                  "malformed JSON at byte " + std::to_string(pos) + ": " +
                      error);
  }

  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' ||
                                 text[pos] == '\t' || text[pos] == '\r'))
      ++pos;
  }

  bool expect(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    error = std::string("expected '") + c + "'";
    return false;
  }

  bool parseLiteral(std::string_view word) {
    if (text.substr(pos, word.size()) != word) {
      error = "unknown literal";
      return false;
    }
    pos += word.size();
    return true;
  }

  bool parseString(std::string &out) {
    if (!expect('"'))
      return false;
    while (pos < text.size() && text[pos] != '"') {
      char c = text[pos++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size())
        break;
      char escaped = text[pos++];
      switch (escaped) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u': {
        if (pos + 4 > text.size()) {
          error = "short \\u escape";
          return false;
        }
        std::string digits(text.substr(pos, 4));
        pos += 4;
        char *end = nullptr;
        long code = std::strtol(digits.c_str(), &end, 16);
        if (*end != '\0') {
          error = "bad \\u escape";
          return false;
        }
        // Only what the writer produces (and ASCII) is needed; encode the
        // rest as UTF-8 of the basic plane.
        if (code < 0x80) {
          out += char(code);
        } else if (code < 0x800) {
          out += char(0xc0 | (code >> 6));
          out += char(0x80 | (code & 0x3f));
        } else {
          out += char(0xe0 | (code >> 12));
          out += char(0x80 | ((code >> 6) & 0x3f));
          out += char(0x80 | (code & 0x3f));
        }
        break;
      }
      default:
        out += escaped;
      }
    }
    if (pos >= text.size()) {
      error = "unterminated string";
      return false;
    }
    ++pos;
    return true;
  }

  /// RFC 8259's number: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  /// An integer (no fraction or exponent) that fits int64_t is kept exactly;
  /// any other number is a double, refused when it overflows.
  bool parseNumber(JsonValue &value) {
    size_t start = pos;
    auto digit = [&] {
      return pos < text.size() && text[pos] >= '0' && text[pos] <= '9';
    };
    auto digits = [&] {
      size_t first = pos;
      while (digit())
        ++pos;
      return pos > first;
    };
    if (pos < text.size() && text[pos] == '-')
      ++pos;
    if (!digit()) {
      error = pos == start ? "expected a value" : "bad number";
      return false;
    }
    if (text[pos] == '0') {
      ++pos;
      if (digit()) {
        error = "bad number (a leading zero)";
        return false;
      }
    } else {
      digits();
    }
    bool isReal = false;
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
      isReal = true;
      if (!digits()) {
        error = "bad number (no digit after '.')";
        return false;
      }
    }
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
      ++pos;
      isReal = true;
      if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
        ++pos;
      if (!digits()) {
        error = "bad number (no digit in the exponent)";
        return false;
      }
    }
    std::string number(text.substr(start, pos - start));
    if (!isReal) {
      errno = 0;
      long long parsed = std::strtoll(number.c_str(), nullptr, 10);
      if (errno == 0) {
        value = JsonValue::integer(parsed);
        return true;
      }
    }
    double parsed = std::strtod(number.c_str(), nullptr);
    if (!std::isfinite(parsed)) {
      error = "number out of range";
      return false;
    }
    value = JsonValue::real(parsed);
    return true;
  }

  bool parseValue(JsonValue &value, int depth) {
    if (depth > 64) {
      error = "nested too deeply";
      return false;
    }
    skipSpace();
    if (pos >= text.size()) {
      error = "unexpected end";
      return false;
    }
    char c = text[pos];
    if (c == '{') {
      ++pos;
      value = JsonValue::object();
      skipSpace();
      if (pos < text.size() && text[pos] == '}') {
        ++pos;
        return true;
      }
      while (true) {
        std::string key;
        JsonValue member;
        skipSpace();
        if (!parseString(key) || !expect(':') || !parseValue(member, depth + 1))
          return false;
        value.set(key, std::move(member));
        skipSpace();
        if (pos < text.size() && text[pos] == ',') {
          ++pos;
          continue;
        }
        return expect('}');
      }
    }
    if (c == '[') {
      ++pos;
      value = JsonValue::array();
      skipSpace();
      if (pos < text.size() && text[pos] == ']') {
        ++pos;
        return true;
      }
      while (true) {
        JsonValue element;
        if (!parseValue(element, depth + 1))
          return false;
        value.push(std::move(element));
        skipSpace();
        if (pos < text.size() && text[pos] == ',') {
          ++pos;
          continue;
        }
        return expect(']');
      }
    }
    if (c == '"') {
      std::string str;
      if (!parseString(str))
        return false;
      value = JsonValue::string(std::move(str));
      return true;
    }
    if (c == 't') {
      value = JsonValue::boolean(true);
      return parseLiteral("true");
    }
    if (c == 'f') {
      value = JsonValue::boolean(false);
      return parseLiteral("false");
    }
    if (c == 'n') {
      value = JsonValue();
      return parseLiteral("null");
    }
    return parseNumber(value);
  }

  std::string_view text;
  size_t pos = 0;
  std::string error;
};

} // namespace

void JsonValue::printTo(std::string &out) const {
  switch (kind) {
  case Kind::Null:
    out += "null";
    return;
  case Kind::Bool:
    out += boolValue ? "true" : "false";
    return;
  case Kind::Integer:
    out += std::to_string(intValue);
    return;
  case Kind::Real: {
    if (!std::isfinite(realValue)) {
      out += "null";
      return;
    }
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%.17g", realValue);
    out += buffer;
    // A real stays a real when read back ("5.0", "-0.0", not "5", "-0").
    if (std::string_view(buffer).find_first_of(".e") == std::string_view::npos)
      out += ".0";
    return;
  }
  case Kind::String:
    printString(stringValue, out);
    return;
  case Kind::Array: {
    out += '[';
    bool first = true;
    for (const JsonValue &element : elements) {
      if (!first)
        out += ',';
      first = false;
      element.printTo(out);
    }
    out += ']';
    return;
  }
  case Kind::Object: {
    out += '{';
    bool first = true;
    for (const auto &[key, member] : members) {
      if (!first)
        out += ',';
      first = false;
      printString(key, out);
      out += ':';
      member.printTo(out);
    }
    out += '}';
    return;
  }
  }
}

std::string JsonValue::print() const {
  std::string out;
  printTo(out);
  return out;
}

Result<JsonValue> triton::runtime::parseJson(std::string_view text) {
  return Parser(text).parseDocument();
}
