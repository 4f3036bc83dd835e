// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for lib/json-writer.c: what it writes parses back as JSON to
 * what was put in, with its commas, nesting and layout as documented.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json-reader.h"
#include "random-name.h"
#include "lib/escape.h"
#include "lib/json-writer.h"

#include "kselftest_harness.h"

/* The pieces, one after the other (a JSON text too long for one line) */
static char *joined(const char *const *piece, size_t n)
{
	struct strbuf sb = { 0 };
	size_t i;

	for (i = 0; i < n; i++)
		sb_puts(&sb, piece[i]);
	return sb.buf;
}

/* A string of every byte that needs escaping, then some that do not */
static const char hostile[] = "q\" b\\ s/ n\n t\t r\r \x01\x1f\x7f é";

TEST(strings_are_escaped_and_read_back_the_same)
{
	static const char *const want[] = {
		"{\"q\\\" b\\\\ s/ n\\n t\\t r\\u000d \\u0001\\u001f\x7f é\": ",
		"\"q\\\" b\\\\ s/ n\\n t\\t r\\u000d \\u0001\\u001f\x7f é\"}",
	};
	struct strbuf sb = { 0 };
	struct json_writer w;
	struct jval *v;
	char *text;

	jsonw_init(&w, &sb);
	jsonw_start_object(&w);
	jsonw_string_field(&w, hostile, hostile);
	jsonw_end_object(&w);
	text = joined(want, ARRAY_SIZE(want));
	EXPECT_STREQ(text, sb.buf);
	free(text);
	v = json_parse(sb.buf);
	ASSERT_NE(NULL, v);
	ASSERT_EQ(J_OBJ, v->type);
	ASSERT_EQ(1, v->n);
	EXPECT_STREQ(hostile, v->keys[0]);
	ASSERT_EQ(J_STR, v->items[0].type);
	EXPECT_STREQ(hostile, v->items[0].str);
	json_free(v);
	sb_free(&sb);
}

/*
 * For any bytes: the JSON is UTF-8 and parses; a name that is UTF-8
 * comes back as it was, any other comes back escaped, and its bytes
 * are read back from the escape, so no two names become one.
 */
TEST(any_bytes_give_utf8_json_and_names_read_back)
{
	unsigned int seed = test_seed(getpid()), i;
	char name[24];

	srand(seed);
	for (i = 0; i < 20000; i++) {
		size_t n = random_name(name, sizeof(name) - 1);
		bool valid = utf8_valid_len(name, n) == n;
		struct strbuf sb = { 0 };
		struct json_writer w;
		struct jval *v;
		char *back;

		jsonw_init(&w, &sb);
		jsonw_start_object(&w);
		jsonw_string_field(&w, name, name);
		jsonw_end_object(&w);
		ASSERT_EQ(sb.len, utf8_valid_len(sb.buf, sb.len));
		v = json_parse(sb.buf);
		ASSERT_NE(NULL, v) TH_LOG("%s", sb.buf);
		ASSERT_EQ(J_STR, v->items[0].type);
		back = valid ? strdup(v->items[0].str) :
			       unescape_name(v->items[0].str);
		EXPECT_STREQ(name, back);
		EXPECT_STREQ(v->keys[0], v->items[0].str);
		free(back);
		json_free(v);
		sb_free(&sb);
	}
}

TEST(commas_only_between_members_at_every_depth)
{
	static const char *const want[] = {
		"[{}, [], {\"i\": -3, \"u\": 18446744073709551615, ",
		"\"t\": true, \"n\": null, \"l\": [\"a\", \"b\"], ",
		"\"none\": null, \"f\": 0.5000, \"s\": null}, ",
		"{\"raw\": 1}]",
	};
	static char *const list[] = { "a", "b", NULL };
	struct strbuf sb = { 0 };
	struct json_writer w;
	struct jval *v;
	char *text;

	jsonw_init(&w, &sb);
	jsonw_start_array(&w);
	jsonw_start_object(&w);
	jsonw_end_object(&w);
	jsonw_start_array(&w);
	jsonw_end_array(&w);
	jsonw_start_object(&w);
	jsonw_int_field(&w, "i", -3);
	jsonw_uint_field(&w, "u", 18446744073709551615ULL);
	jsonw_bool_field(&w, "t", true);
	jsonw_null_field(&w, "n");
	jsonw_name(&w, "l");
	jsonw_string_list(&w, list);
	jsonw_name(&w, "none");
	jsonw_string_list(&w, NULL);
	jsonw_name(&w, "f");
	jsonw_float(&w, 4, 0.5);
	jsonw_name(&w, "s");
	jsonw_string(&w, NULL);
	jsonw_end_object(&w);
	jsonw_json(&w, "{\"raw\": 1}");
	jsonw_end_array(&w);
	text = joined(want, ARRAY_SIZE(want));
	EXPECT_STREQ(text, sb.buf);
	free(text);
	v = json_parse(sb.buf);
	ASSERT_NE(NULL, v);
	EXPECT_EQ(4, v->n);
	EXPECT_EQ(0, json_at(v, "0")->n);
	EXPECT_EQ(-3, json_num_at(v, "2/i"));
	EXPECT_STREQ("b", json_str_at(v, "2/l/1"));
	EXPECT_EQ(1, json_num_at(v, "3/raw"));
	json_free(v);
	sb_free(&sb);
}

TEST(breaks_lay_out_members_and_closing_brackets)
{
	struct strbuf sb = { 0 };
	struct json_writer w;
	struct jval *v;

	jsonw_init(&w, &sb);
	jsonw_start_object(&w);
	jsonw_break(&w, "\n  ");
	jsonw_uint_field(&w, "a", 1);
	jsonw_break(&w, "\n  ");
	jsonw_name(&w, "b");
	jsonw_start_array(&w);
	jsonw_break(&w, "\n    ");
	jsonw_start_object(&w);
	jsonw_uint_field(&w, "c", 2);
	jsonw_uint_field(&w, "d", 3);
	jsonw_end_object(&w);
	jsonw_break(&w, "\n    ");
	jsonw_start_array(&w);
	jsonw_end_array(&w);
	jsonw_break(&w, "\n  ");
	jsonw_end_array(&w);
	jsonw_name(&w, "e");
	jsonw_start_object(&w);
	jsonw_end_object(&w);
	jsonw_break(&w, "\n");
	jsonw_end_object(&w);
	EXPECT_STREQ("{\n  \"a\": 1,\n  \"b\": [\n    {\"c\": 2, \"d\": 3},\n"
		     "    []\n  ], \"e\": {}\n}", sb.buf);
	v = json_parse(sb.buf);
	ASSERT_NE(NULL, v);
	EXPECT_EQ(3, json_num_at(v, "b/0/d"));
	EXPECT_EQ(0, json_at(v, "e")->n);
	json_free(v);
	sb_free(&sb);
}

TEST(a_break_replaces_the_space_or_line_once)
{
	struct strbuf sb = { 0 };
	struct json_writer w;
	struct jval *v;

	jsonw_init(&w, &sb);
	jsonw_start_object(&w);
	jsonw_uint_field(&w, "a", 1);
	jsonw_break(&w, "\n ");
	jsonw_name(&w, "b");
	jsonw_start_array(&w);
	jsonw_break(&w, "\n  ");
	jsonw_uint(&w, 2);
	jsonw_uint(&w, 3);
	jsonw_break(&w, "\n  ");
	jsonw_uint(&w, 4);
	jsonw_end_array(&w);
	jsonw_end_object(&w);
	EXPECT_STREQ("{\"a\": 1,\n \"b\": [\n  2, 3,\n  4]}", sb.buf);
	v = json_parse(sb.buf);
	ASSERT_NE(NULL, v);
	EXPECT_EQ(4, json_num_at(v, "b/2"));
	json_free(v);
	sb_free(&sb);
}

TEST_HARNESS_MAIN
