// SPDX-License-Identifier: GPL-2.0
/* Tests for json-reader.h: the tests' JSON checks accept only JSON. */
#include "json-reader.h"
#include "lib/base.h"

#include "kselftest_harness.h"

TEST(values_paths_and_escapes)
{
	static const char text[] =
		" {\"a\": [1, -2.5e1, {\"b\": \"x\\\"\\u00e9\\ud83d\\ude00\"}],\n"
		" \"t\": true, \"n\": null, \"e\": {}, \"z\": []}\n";
	struct jval *v = json_parse(text);

	ASSERT_NE(NULL, v);
	EXPECT_EQ(J_OBJ, v->type);
	EXPECT_EQ(1, json_num_at(v, "a/0"));
	EXPECT_EQ(-25, json_num_at(v, "a/1"));
	EXPECT_STREQ("x\"\xc3\xa9\xf0\x9f\x98\x80", json_str_at(v, "a/2/b"));
	EXPECT_EQ(J_TRUE, json_at(v, "t")->type);
	EXPECT_EQ(J_NULL, json_at(v, "n")->type);
	EXPECT_EQ(0, json_at(v, "e")->n);
	EXPECT_EQ(NULL, json_at(v, "a/3"));
	EXPECT_EQ(NULL, json_at(v, "nothing"));
	json_free(v);
}

TEST(what_is_not_json_is_refused)
{
	static const char *const bad[] = {
		"", "{", "[1,]", "{\"a\" 1}", "{\"a\": 1,}", "{a: 1}", "'x'",
		"\"tab\there\"", "\"\\x\"", "\"\\u12\"", "01", "1.", "-", "1e",
		"nul", "[1] [2]", "\"unterminated", "{\"a\": \"b\"} x",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct jval *v = json_parse(bad[i]);

		EXPECT_EQ(NULL, v) {
			TH_LOG("accepted: %s", bad[i]);
		}
		json_free(v);
	}
}

TEST_HARNESS_MAIN
