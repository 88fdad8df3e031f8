//===- Json.cpp - A small JSON reader for the kernel metadata files -------===//

#include "Json.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gpu_test {
namespace {

/// Recursive-descent parser over one string.
class Parser {
public:
  explicit Parser(const std::string &text) : text(text) {}

  Json parseDocument() {
    Json value = parseValue();
    skipSpace();
    if (pos != text.size())
      fail("trailing characters after the value");
    return value;
  }

private:
  const std::string &text;
  size_t pos = 0;

  [[noreturn]] void fail(const std::string &what) const {
    throw std::runtime_error("JSON error at byte " + std::to_string(pos) + ": " + what);
  }

  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' ||
                                 text[pos] == '\t' || text[pos] == '\r'))
      ++pos;
  }

  char peek() {
    skipSpace();
    if (pos >= text.size())
      fail("unexpected end of input");
    return text[pos];
  }

  void expect(char c) {
    if (peek() != c)
      fail(std::string("expected '") + c + "'");
    ++pos;
  }

  bool consumeWord(const char *word) {
    size_t len = std::char_traits<char>::length(word);
    if (text.compare(pos, len, word) != 0)
      return false;
    pos += len;
    return true;
  }

  Json parseValue() {
    Json value;
    char c = peek();
    if (c == '{') {
      value.kind = Json::Kind::Object;
      ++pos;
      if (peek() == '}') {
        ++pos;
        return value;
      }
      while (true) {
        if (peek() != '"')
          fail("expected a string key");
        std::string key = parseString();
        expect(':');
        value.object[key] = parseValue();
        if (peek() == ',') {
          ++pos;
          continue;
        }
        expect('}');
        return value;
      }
    }
    if (c == '[') {
      value.kind = Json::Kind::Array;
      ++pos;
      if (peek() == ']') {
        ++pos;
        return value;
      }
      while (true) {
        value.array.push_back(parseValue());
        if (peek() == ',') {
          ++pos;
          continue;
        }
        expect(']');
        return value;
      }
    }
    if (c == '"') {
      value.kind = Json::Kind::String;
      value.string = parseString();
      return value;
    }
    if (consumeWord("true") || consumeWord("false")) {
      value.kind = Json::Kind::Bool;
      value.boolean = text[pos - 1] == 'e' && text[pos - 2] == 'u'; // "true"
      return value;
    }
    if (consumeWord("null"))
      return value;
    return parseNumber();
  }

  Json parseNumber() {
    size_t start = pos;
    if (pos < text.size() && text[pos] == '-')
      ++pos;
    while (pos < text.size() &&
           (std::isdigit(static_cast<unsigned char>(text[pos])) || text[pos] == '.' ||
            text[pos] == 'e' || text[pos] == 'E' || text[pos] == '+' || text[pos] == '-'))
      ++pos;
    std::string digits = text.substr(start, pos - start);
    char *end = nullptr;
    Json value;
    value.kind = Json::Kind::Number;
    value.number = std::strtod(digits.c_str(), &end);
    if (digits.empty() || end != digits.c_str() + digits.size()) {
      pos = start;
      fail("expected a value");
    }
    return value;
  }

  std::string parseString() {
    expect('"');
    std::string out;
    while (true) {
      if (pos >= text.size())
        fail("unterminated string");
      char c = text[pos++];
      if (c == '"')
        return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size())
        fail("unterminated escape");
      char e = text[pos++];
      switch (e) {
      case '"': case '\\': case '/': out += e; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        if (pos + 4 > text.size())
          fail("short \\u escape");
        unsigned code = std::stoul(text.substr(pos, 4), nullptr, 16);
        pos += 4;
        // Metadata names are ASCII; anything else is kept as UTF-8 of the
        // code unit (surrogate pairs are not combined).
        if (code < 0x80) {
          out += static_cast<char>(code);
        } else if (code < 0x800) {
          out += static_cast<char>(0xC0 | (code >> 6));
          out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
          out += static_cast<char>(0xE0 | (code >> 12));
          out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
          out += static_cast<char>(0x80 | (code & 0x3F));
        }
        break;
      }
      default:
        fail(std::string("bad escape \\") + e);
      }
    }
  }
};

} // namespace

const Json &Json::at(const std::string &key) const {
  if (kind != Kind::Object)
    throw std::runtime_error("JSON: looked up '" + key + "' in a non-object");
  auto it = object.find(key);
  if (it == object.end())
    throw std::runtime_error("JSON: missing key '" + key + "'");
  return it->second;
}

bool Json::has(const std::string &key) const {
  return kind == Kind::Object && object.count(key) != 0;
}

int64_t Json::asInt() const {
  if (kind != Kind::Number || std::floor(number) != number)
    throw std::runtime_error("JSON: expected an integer");
  return static_cast<int64_t>(number);
}

const std::string &Json::asString() const {
  if (kind != Kind::String)
    throw std::runtime_error("JSON: expected a string");
  return string;
}

Json parseJson(const std::string &text) { return Parser(text).parseDocument(); }

Json readJsonFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot read " + path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  try {
    return parseJson(buffer.str());
  } catch (const std::runtime_error &e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

} // namespace gpu_test
